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
            SequenceSubscription.start(sequence, downstream: subscriber, completion: .finished, name: "Sequence")
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

// Specialisations that stay a `Publishers.Sequence`, as Combine's do.
extension Publishers.Sequence {
    public func map<T>(_ transform: (Elements.Element) -> T) -> Publishers.Sequence<[T], Failure> {
        Publishers.Sequence<[T], Failure>(sequence: sequence.map(transform))
    }

    public func filter(_ isIncluded: (Elements.Element) -> Bool) -> Publishers.Sequence<[Elements.Element], Failure> {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: sequence.filter(isIncluded))
    }

    public func compactMap<T>(_ transform: (Elements.Element) -> T?) -> Publishers.Sequence<[T], Failure> {
        Publishers.Sequence<[T], Failure>(sequence: sequence.compactMap(transform))
    }

    public func dropFirst(_ count: Int = 1) -> Publishers.Sequence<DropFirstSequence<Elements>, Failure> {
        Publishers.Sequence<DropFirstSequence<Elements>, Failure>(sequence: sequence.dropFirst(count))
    }

    public func drop(while predicate: (Elements.Element) -> Bool) -> Publishers.Sequence<DropWhileSequence<Elements>, Failure> {
        Publishers.Sequence<DropWhileSequence<Elements>, Failure>(sequence: sequence.drop(while: predicate))
    }

    public func prefix(_ maxLength: Int) -> Publishers.Sequence<PrefixSequence<Elements>, Failure> {
        Publishers.Sequence<PrefixSequence<Elements>, Failure>(sequence: sequence.prefix(maxLength))
    }

    public func prefix(while predicate: (Elements.Element) -> Bool) -> Publishers.Sequence<[Elements.Element], Failure> {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: sequence.prefix(while: predicate))
    }

    public func scan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Elements.Element) -> T) -> Publishers.Sequence<[T], Failure> {
        var accumulator = initialResult
        return Publishers.Sequence<[T], Failure>(sequence: sequence.map {
            accumulator = nextPartialResult(accumulator, $0)
            return accumulator
        })
    }

    public func setFailureType<E: Error>(to error: E.Type) -> Publishers.Sequence<Elements, E> {
        Publishers.Sequence<Elements, E>(sequence: sequence)
    }

    public func append(_ elements: Elements.Element...) -> Publishers.Sequence<[Elements.Element], Failure> {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: Array(sequence) + elements)
    }

    public func prepend(_ elements: Elements.Element...) -> Publishers.Sequence<[Elements.Element], Failure> {
        Publishers.Sequence<[Elements.Element], Failure>(sequence: elements + Array(sequence))
    }
}

extension Publishers.Sequence where Failure == Never {
    public func collect() -> Result<[Elements.Element], Never>.Publisher {
        Result<[Elements.Element], Never>.Publisher(Array(sequence))
    }

    public func count() -> Just<Int> {
        Just(sequence.reduce(0) { count, _ in count + 1 })
    }
}
