extension Optional {
    /// A publisher that publishes an optional value to each subscriber exactly once, if the optional
    /// has a value, and then finishes.
    public struct Publisher: CombineKit.Publisher {
        public typealias Output = Wrapped
        public typealias Failure = Never

        /// The output to deliver to each subscriber.
        public let output: Wrapped?

        /// Creates a publisher to emit the value of the optional, or to finish immediately if nil.
        public init(_ output: Output?) {
            self.output = output
        }

        // Inlinable, as `Just`'s: the caller supplies the subscription's class metadata from its own cache.
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Wrapped, S.Failure == Never {
            if let output = output {
                subscriber.receive(subscription: NeverFailingSingleValueSubscription.make(value: output, downstream: subscriber, kind: .optional))
            } else {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
            }
        }
    }

    /// A publisher that emits the wrapped value (if any) and finishes.
    public var publisher: Optional<Wrapped>.Publisher {
        Optional<Wrapped>.Publisher(self)
    }
}

extension Optional.Publisher: Equatable where Wrapped: Equatable {}

// Specialisations: Combine declares these on `Optional.Publisher` so that operators on a value that is
// already known stay synchronous. Checked against developer.apple.com/documentation/swift/optional/
// publisher-swift.struct and OpenCombine's Sources/OpenCombine/Publishers/Optional.Publisher.swift, whose
// tests (Tests/OpenCombineTests/PublisherTests/OptionalPublisherTests.swift) also run against Combine itself.
// For a value they publish what the generic operator would. For `nil` they follow Combine, which differs from
// the generic operators here: `count()`, `allSatisfy(_:)`, `contains(_:)`, `contains(where:)` and
// `reduce(_:_:)` publish nothing at all, where the generic ones publish their empty-stream answer (0, true,
// false, the initial result). `collect()` of `nil` publishes `[]` on Combine, as the generic operator does.
extension Optional.Publisher {
    /// Transforms the value, if any, with `transform` now; Combine's `Optional.Publisher.map(_:)`.
    public func map<T>(_ transform: (Wrapped) -> T) -> Optional<T>.Publisher {
        Optional<T>.Publisher(output.map(transform))
    }

    /// Keeps the value, if any, only if `isIncluded` accepts it; Combine's `Optional.Publisher.filter(_:)`.
    public func filter(_ isIncluded: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
        Optional<Wrapped>.Publisher(output.flatMap { isIncluded($0) ? $0 : nil })
    }

    /// Publishes `transform`'s result for the value, unless either is `nil`; Combine's
    /// `Optional.Publisher.compactMap(_:)`.
    public func compactMap<T>(_ transform: (Wrapped) -> T?) -> Optional<T>.Publisher {
        Optional<T>.Publisher(output.flatMap(transform))
    }

    /// Publishes 1 for a value, and nothing for `nil`; Combine's `Optional.Publisher.count()`. (Unlike the
    /// generic `count()`, which publishes 0 for a publisher that finishes without a value.)
    public func count() -> Optional<Int>.Publisher {
        Optional<Int>.Publisher(output.map { _ in 1 })
    }

    /// Publishes the values as an array: `[value]`, or `[]` for `nil` (as the generic `collect()` does).
    /// Combine's `Optional.Publisher.collect()`.
    public func collect() -> Optional<[Wrapped]>.Publisher {
        Optional<[Wrapped]>.Publisher(output.map { [$0] } ?? [])
    }

    /// Publishes whether the value satisfies `predicate`, and nothing for `nil`; Combine's
    /// `Optional.Publisher.allSatisfy(_:)`. (Unlike the generic `allSatisfy(_:)`, which publishes true for a
    /// publisher that finishes without a value.)
    public func allSatisfy(_ predicate: (Wrapped) -> Bool) -> Optional<Bool>.Publisher {
        Optional<Bool>.Publisher(output.map(predicate))
    }

    /// Publishes whether the value satisfies `predicate`, and nothing for `nil`; Combine's
    /// `Optional.Publisher.contains(where:)`. (Unlike the generic `contains(where:)`, which publishes false for
    /// a publisher that finishes without a value.)
    public func contains(where predicate: (Wrapped) -> Bool) -> Optional<Bool>.Publisher {
        Optional<Bool>.Publisher(output.map(predicate))
    }

    /// Drops the value for a count of 1 or more; Combine's `Optional.Publisher.dropFirst(_:)`.
    public func dropFirst(_ count: Int = 1) -> Optional<Wrapped>.Publisher {
        precondition(count >= 0, "Optional.Publisher.dropFirst(_:) was given a negative count (\(count)); pass 0 or more.")
        return Optional<Wrapped>.Publisher(count > 0 ? nil : output)
    }

    /// Drops the value if `predicate` says so; Combine's `Optional.Publisher.drop(while:)`.
    public func drop(while predicate: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
        Optional<Wrapped>.Publisher(output.flatMap { predicate($0) ? nil : $0 })
    }

    /// Publishes the value, if any: the first of at most one. Combine's `Optional.Publisher.first()`.
    public func first() -> Optional<Wrapped>.Publisher { self }

    /// Publishes the value if it satisfies `predicate`; Combine's `Optional.Publisher.first(where:)`.
    public func first(where predicate: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
        Optional<Wrapped>.Publisher(output.flatMap { predicate($0) ? $0 : nil })
    }

    /// Publishes the value, if any: the last of at most one. Combine's `Optional.Publisher.last()`.
    public func last() -> Optional<Wrapped>.Publisher { self }

    /// Publishes the value if it satisfies `predicate`; Combine's `Optional.Publisher.last(where:)`.
    public func last(where predicate: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
        Optional<Wrapped>.Publisher(output.flatMap { predicate($0) ? $0 : nil })
    }

    /// Publishes no value and finishes; Combine's `Optional.Publisher.ignoreOutput()`.
    public func ignoreOutput() -> Empty<Wrapped, Never> { Empty() }

    /// Publishes the value, if any, when `index` is 0; Combine's `Optional.Publisher.output(at:)`.
    public func output(at index: Int) -> Optional<Wrapped>.Publisher {
        precondition(index >= 0, "Optional.Publisher.output(at:) was given a negative index (\(index)); indexes start at 0.")
        return Optional<Wrapped>.Publisher(index == 0 ? output : nil)
    }

    /// Publishes the value, if any, when `range` contains index 0; Combine's `Optional.Publisher.output(in:)`.
    /// As Combine's, it stops with a precondition on a range that ends at `Int.max - 1` or later.
    public func output<R: RangeExpression>(in range: R) -> Optional<Wrapped>.Publisher where R.Bound == Int {
        let positions = range.outputPositions()
        precondition(positions.upperBound < Int.max - 1,
                     "Optional.Publisher.output(in:) was given a range ending at \(positions.upperBound), at or past Int.max - 1, which Combine rejects; end the range before it.")
        return Optional<Wrapped>.Publisher(positions.contains(0) ? output : nil)
    }

    /// Publishes the value, if any, when `maxLength` lets one through; Combine's `Optional.Publisher.prefix(_:)`.
    public func prefix(_ maxLength: Int) -> Optional<Wrapped>.Publisher {
        precondition(maxLength >= 0, "Optional.Publisher.prefix(_:) was given a negative maxLength (\(maxLength)); pass 0 or more.")
        return Optional<Wrapped>.Publisher(maxLength > 0 ? output : nil)
    }

    /// Publishes the value if it satisfies `predicate`; Combine's `Optional.Publisher.prefix(while:)`.
    public func prefix(while predicate: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
        Optional<Wrapped>.Publisher(output.flatMap { predicate($0) ? $0 : nil })
    }

    /// Publishes `nextPartialResult(initialResult, value)`, and nothing for `nil`; Combine's
    /// `Optional.Publisher.reduce(_:_:)`. (Unlike the generic `reduce(_:_:)`, which publishes `initialResult`
    /// for a publisher that finishes without a value.)
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Wrapped) -> T) -> Optional<T>.Publisher {
        Optional<T>.Publisher(output.map { nextPartialResult(initialResult, $0) })
    }

    /// Publishes `nextPartialResult(initialResult, value)`, or nothing for `nil`; Combine's
    /// `Optional.Publisher.scan(_:_:)`.
    public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Wrapped) -> T) -> Optional<T>.Publisher {
        Optional<T>.Publisher(output.map { nextPartialResult(initialResult, $0) })
    }

    /// Publishes the value, if any, without calling `predicate`: one value has no duplicate. Combine's
    /// `Optional.Publisher.removeDuplicates(by:)`.
    public func removeDuplicates(by predicate: (Wrapped, Wrapped) -> Bool) -> Optional<Wrapped>.Publisher { self }

    /// Publishes the value, if any, without calling `areInIncreasingOrder`. Combine's `Optional.Publisher.min(by:)`.
    public func min(by areInIncreasingOrder: (Wrapped, Wrapped) -> Bool) -> Optional<Wrapped>.Publisher { self }

    /// Publishes the value, if any, without calling `areInIncreasingOrder`. Combine's `Optional.Publisher.max(by:)`.
    public func max(by areInIncreasingOrder: (Wrapped, Wrapped) -> Bool) -> Optional<Wrapped>.Publisher { self }

    /// Publishes the value, if any: this publisher never fails. Combine's `Optional.Publisher.replaceError(with:)`.
    public func replaceError(with output: Wrapped) -> Optional<Wrapped>.Publisher { self }

    /// Publishes the value, or `output` for `nil`; Combine's `Optional.Publisher.replaceEmpty(with:)`.
    public func replaceEmpty(with output: Wrapped) -> Just<Wrapped> { Just(self.output ?? output) }

    /// Publishes the value, if any: this publisher never fails, so there is nothing to retry. Combine's
    /// `Optional.Publisher.retry(_:)`.
    public func retry(_ retries: Int) -> Optional<Wrapped>.Publisher {
        self
    }
}

extension Optional.Publisher where Wrapped: Equatable {
    /// Publishes whether the value equals `output`, and nothing for `nil`; Combine's
    /// `Optional.Publisher.contains(_:)`. (Unlike the generic `contains(_:)`, which publishes false for a
    /// publisher that finishes without a value.)
    public func contains(_ output: Wrapped) -> Optional<Bool>.Publisher {
        Optional<Bool>.Publisher(self.output.map { $0 == output })
    }

    /// Publishes the value, if any: one value has no duplicate. Combine's `Optional.Publisher.removeDuplicates()`.
    public func removeDuplicates() -> Optional<Wrapped>.Publisher { self }
}

extension Optional.Publisher where Wrapped: Comparable {
    /// Publishes the value, if any: the least of at most one. Combine's `Optional.Publisher.min()`.
    public func min() -> Optional<Wrapped>.Publisher { self }

    /// Publishes the value, if any: the greatest of at most one. Combine's `Optional.Publisher.max()`.
    public func max() -> Optional<Wrapped>.Publisher { self }
}
