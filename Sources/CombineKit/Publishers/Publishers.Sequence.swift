import ReactiveBridgePrimitives

extension Publishers {
    /// A publisher that publishes a given sequence of elements, honouring demand.
    public struct Sequence<Elements: Swift.Sequence, Failure: Error>: Publisher {
        public typealias Output = Elements.Element

        /// The sequence of elements to publish.
        public let sequence: Elements

        /// Creates a publisher for a sequence of elements.
        public init(sequence: Elements) {
            self.sequence = sequence
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            SequenceSubscription.start(sequence, downstream: subscriber, completion: .finished, style: .sequence)
        }
    }
}

extension Publishers.Sequence: Equatable where Elements: Equatable {}

extension Sequence {
    /// A publisher that emits the elements of this sequence.
    public var publisher: Publishers.Sequence<Self, Never> {
        Publishers.Sequence(sequence: self)
    }
}

// Specialisations: Combine declares these on `Publishers.Sequence` so that operators on elements that are
// already known run on the sequence at once and give a synchronous publisher. Checked against
// developer.apple.com/documentation/combine/publishers/sequence (and its "Publisher Operators" page) and
// OpenCombine's Sources/OpenCombine/Publishers/Publishers.Sequence.swift. Each publishes the values and
// completion the generic operator would, except `output(at:)` and `output(in:)`: as in Combine they take the
// collection's own indices, not positions counted from 0 (see them below). Closures run when the operator is
// applied, not on subscription.
// Combine also declares `output(at:)`, `output(in:)` and a `Result`-typed `count()` again for
// `RandomAccessCollection`; with the same signatures and results as the `Collection` ones, they are left out.
// `map`, `scan` and `replaceNil` read arrays and integer ranges by position (`PositionalElements`): in a
// client's unspecialised code the sequence's iterator costs about a thousand instructions and an allocation
// per element.
extension Publishers.Sequence {
    /// Transforms every element now; Combine's `Publishers.Sequence.map(_:)`.
    public func map<T>(_ transform: (Elements.Element) -> T) -> Publishers.Sequence<[T], Failure> {
        Publishers.Sequence<[T], Failure>(sequence: sequence.mapReadingByPosition(transform))
    }

    /// Keeps the elements `isIncluded` accepts; Combine's `Publishers.Sequence.filter(_:)`.
    public func filter(_ isIncluded: (Elements.Element) -> Bool) -> Publishers.Sequence<[Elements.Element], Failure> {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: sequence.filter(isIncluded))
    }

    /// Keeps the non-`nil` results of `transform`; Combine's `Publishers.Sequence.compactMap(_:)`.
    public func compactMap<T>(_ transform: (Elements.Element) -> T?) -> Publishers.Sequence<[T], Failure> {
        Publishers.Sequence<[T], Failure>(sequence: sequence.compactMap(transform))
    }

    /// Replaces `nil` elements with `output`. The elements keep their optional type (none of them is `nil`
    /// any more), as in Combine's `Publishers.Sequence.replaceNil(with:)`.
    public func replaceNil<T>(with output: T) -> Publishers.Sequence<[Elements.Element], Failure> where Elements.Element == T? {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: sequence.mapReadingByPosition { $0 ?? output })
    }

    /// Omits the first `count` elements; Combine's `Publishers.Sequence.dropFirst(_:)`.
    public func dropFirst(_ count: Int = 1) -> Publishers.Sequence<DropFirstSequence<Elements>, Failure> {
        Publishers.Sequence<DropFirstSequence<Elements>, Failure>(sequence: sequence.dropFirst(count))
    }

    /// Omits elements while `predicate` holds; Combine's `Publishers.Sequence.drop(while:)`.
    public func drop(while predicate: (Elements.Element) -> Bool) -> Publishers.Sequence<DropWhileSequence<Elements>, Failure> {
        Publishers.Sequence<DropWhileSequence<Elements>, Failure>(sequence: sequence.drop(while: predicate))
    }

    /// Keeps at most the first `maxLength` elements; Combine's `Publishers.Sequence.prefix(_:)`.
    public func prefix(_ maxLength: Int) -> Publishers.Sequence<PrefixSequence<Elements>, Failure> {
        Publishers.Sequence<PrefixSequence<Elements>, Failure>(sequence: sequence.prefix(maxLength))
    }

    /// Keeps elements while `predicate` holds; Combine's `Publishers.Sequence.prefix(while:)`.
    public func prefix(while predicate: (Elements.Element) -> Bool) -> Publishers.Sequence<[Elements.Element], Failure> {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: sequence.prefix(while: predicate))
    }

    /// Publishes every partial result of combining the elements; Combine's `Publishers.Sequence.scan(_:_:)`.
    public func scan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Elements.Element) -> T) -> Publishers.Sequence<[T], Failure> {
        var accumulator = initialResult
        return Publishers.Sequence<[T], Failure>(sequence: sequence.mapReadingByPosition {
            accumulator = nextPartialResult(accumulator, $0)
            return accumulator
        })
    }

    /// Publishes the result of combining all elements; Combine's `Publishers.Sequence.reduce(_:_:)`.
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Elements.Element) -> T) -> Result<T, Failure>.Publisher {
        Result<T, Failure>.Publisher(sequence.reduce(initialResult, nextPartialResult))
    }

    /// Publishes the result of combining all elements, or fails with what `nextPartialResult` throws;
    /// Combine's `Publishers.Sequence.tryReduce(_:_:)`.
    public func tryReduce<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Elements.Element) throws -> T) -> Result<T, Error>.Publisher {
        Result<T, Error>.Publisher(Result { try sequence.reduce(initialResult, nextPartialResult) })
    }

    /// Publishes all elements as one array; Combine's `Publishers.Sequence.collect()`.
    public func collect() -> Result<[Elements.Element], Failure>.Publisher {
        Result<[Elements.Element], Failure>.Publisher(Array(sequence))
    }

    /// Publishes whether every element satisfies `predicate`; Combine's `Publishers.Sequence.allSatisfy(_:)`.
    public func allSatisfy(_ predicate: (Elements.Element) -> Bool) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(sequence.allSatisfy(predicate))
    }

    /// Publishes whether every element satisfies `predicate`, or fails with what it throws; Combine's
    /// `Publishers.Sequence.tryAllSatisfy(_:)`.
    public func tryAllSatisfy(_ predicate: (Elements.Element) throws -> Bool) -> Result<Bool, Error>.Publisher {
        Result<Bool, Error>.Publisher(Result { try sequence.allSatisfy(predicate) })
    }

    /// Publishes whether some element satisfies `predicate`; Combine's `Publishers.Sequence.contains(where:)`.
    public func contains(where predicate: (Elements.Element) -> Bool) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(sequence.contains(where: predicate))
    }

    /// Publishes whether some element satisfies `predicate`, or fails with what it throws; Combine's
    /// `Publishers.Sequence.tryContains(where:)`.
    public func tryContains(where predicate: (Elements.Element) throws -> Bool) -> Result<Bool, Error>.Publisher {
        Result<Bool, Error>.Publisher(Result { try sequence.contains(where: predicate) })
    }

    /// Publishes no element and finishes; Combine's `Publishers.Sequence.ignoreOutput()`.
    public func ignoreOutput() -> Empty<Elements.Element, Failure> { Empty() }

    /// Gives the publisher a failure type it never uses; Combine's `Publishers.Sequence.setFailureType(to:)`.
    public func setFailureType<E: Error>(to error: E.Type) -> Publishers.Sequence<Elements, E> {
        Publishers.Sequence<Elements, E>(sequence: sequence)
    }
}

extension Publishers.Sequence where Elements.Element: Equatable {
    /// Omits elements equal to the one before; Combine's `Publishers.Sequence.removeDuplicates()`.
    public func removeDuplicates() -> Publishers.Sequence<[Elements.Element], Failure> {
        var kept: [Elements.Element] = []
        for element in sequence where kept.last != element {
            kept.append(element)
        }
        return Publishers.Sequence<[Elements.Element], Failure>(sequence: kept)
    }

    /// Publishes whether some element equals `output`; Combine's `Publishers.Sequence.contains(_:)`.
    public func contains(_ output: Elements.Element) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(sequence.contains(output))
    }
}

extension Publishers.Sequence where Failure == Never {
    /// Publishes the least element by `areInIncreasingOrder`, or nothing for an empty sequence; Combine's
    /// `Publishers.Sequence.min(by:)`.
    public func min(by areInIncreasingOrder: (Elements.Element, Elements.Element) -> Bool) -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(sequence.min(by: areInIncreasingOrder))
    }

    /// Publishes the greatest element by `areInIncreasingOrder`, or nothing for an empty sequence; Combine's
    /// `Publishers.Sequence.max(by:)`.
    public func max(by areInIncreasingOrder: (Elements.Element, Elements.Element) -> Bool) -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(sequence.max(by: areInIncreasingOrder))
    }

    /// Publishes the first element that satisfies `predicate`, if any; Combine's
    /// `Publishers.Sequence.first(where:)`.
    public func first(where predicate: (Elements.Element) -> Bool) -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(sequence.first(where: predicate))
    }
}

extension Publishers.Sequence where Failure == Never, Elements.Element: Comparable {
    /// Publishes the least element, if any; Combine's `Publishers.Sequence.min()`.
    public func min() -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(sequence.min())
    }

    /// Publishes the greatest element, if any; Combine's `Publishers.Sequence.max()`.
    public func max() -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(sequence.max())
    }
}

extension Publishers.Sequence where Elements: Collection {
    /// Publishes the number of elements; Combine's `Publishers.Sequence.count()`.
    public func count() -> Result<Int, Failure>.Publisher {
        Result<Int, Failure>.Publisher(sequence.count)
    }

    /// Publishes the elements at the collection's indices `range`; Combine's `Publishers.Sequence.output(in:)`.
    /// The bounds are the collection's own indices, as Combine declares them, not positions counted from 0 as
    /// the generic `output(in:)` takes: the two agree for an `Array`, but not for a slice or a range whose
    /// indices don't start at 0. And unlike the generic operator, a range reaching past the collection's
    /// indices is not cut short: the collection is sliced with it (`sequence[range]`), which for the standard
    /// library's collections stops the program.
    public func output(in range: Range<Elements.Index>) -> Publishers.Sequence<[Elements.Element], Failure> {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: Array(sequence[range]))
    }
}

extension Publishers.Sequence where Elements: Collection, Failure == Never {
    /// Publishes the first element, if any; Combine's `Publishers.Sequence.first()`.
    public func first() -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(sequence.first)
    }

    /// Publishes the element at the collection's index `index`, or nothing if `index` is not one of its
    /// indices; Combine's `Publishers.Sequence.output(at:)`. The index is the collection's own, as Combine
    /// declares it, not a position counted from 0 as the generic `output(at:)` takes: the two agree for an
    /// `Array`, but not for a slice or a range whose indices don't start at 0. And unlike the generic operator,
    /// a negative index publishes nothing instead of stopping the program.
    public func output(at index: Elements.Index) -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(sequence.indices.contains(index) ? sequence[index] : nil)
    }
}

extension Publishers.Sequence where Elements: BidirectionalCollection, Failure == Never {
    /// Publishes the last element, if any; Combine's `Publishers.Sequence.last()`.
    public func last() -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(sequence.last)
    }

    /// Publishes the last element that satisfies `predicate`, if any; Combine's
    /// `Publishers.Sequence.last(where:)`.
    public func last(where predicate: (Elements.Element) -> Bool) -> Optional<Elements.Element>.Publisher {
        Optional<Elements.Element>.Publisher(sequence.last(where: predicate))
    }
}

extension Publishers.Sequence where Elements: RandomAccessCollection, Failure == Never {
    /// Publishes the number of elements; Combine's `Publishers.Sequence.count()` for a random-access
    /// collection that cannot fail.
    public func count() -> Just<Int> { Just(sequence.count) }
}

extension Publishers.Sequence where Elements: RangeReplaceableCollection {
    /// Publishes these elements, then `elements`; Combine's `Publishers.Sequence.append(_:)`.
    public func append(_ elements: Elements.Element...) -> Publishers.Sequence<Elements, Failure> {
        append(elements)
    }

    /// Publishes these elements, then those of `elements`; Combine's `Publishers.Sequence.append(_:)`.
    public func append<S: Sequence>(_ elements: S) -> Publishers.Sequence<Elements, Failure> where S.Element == Elements.Element {
        Publishers.Sequence<Elements, Failure>(sequence: sequence + elements)
    }

    /// Publishes these elements, then those of `publisher`; Combine's `Publishers.Sequence.append(_:)`.
    public func append(_ publisher: Publishers.Sequence<Elements, Failure>) -> Publishers.Sequence<Elements, Failure> {
        append(publisher.sequence)
    }

    /// Publishes `elements`, then these elements; Combine's `Publishers.Sequence.prepend(_:)`.
    public func prepend(_ elements: Elements.Element...) -> Publishers.Sequence<Elements, Failure> {
        prepend(elements)
    }

    /// Publishes the elements of `elements`, then these elements; Combine's `Publishers.Sequence.prepend(_:)`.
    /// As Combine's, it builds a new collection with room for both and appends `elements`, then these.
    public func prepend<S: Sequence>(_ elements: S) -> Publishers.Sequence<Elements, Failure> where S.Element == Elements.Element {
        var result = Elements()
        result.reserveCapacity(sequence.count + elements.underestimatedCount)
        result.append(contentsOf: elements)
        result.append(contentsOf: sequence)
        return Publishers.Sequence<Elements, Failure>(sequence: result)
    }

    /// Publishes the elements of `publisher`, then these elements; Combine's `Publishers.Sequence.prepend(_:)`.
    /// As Combine's, it appends these elements to a copy of `publisher`'s collection.
    public func prepend(_ publisher: Publishers.Sequence<Elements, Failure>) -> Publishers.Sequence<Elements, Failure> {
        var result = publisher.sequence
        result.append(contentsOf: sequence)
        return Publishers.Sequence<Elements, Failure>(sequence: result)
    }
}
