/// A publisher that emits an output to each subscriber just once, and then finishes.
public struct Just<Output>: Publisher {
    public typealias Failure = Never

    /// The one element that the publisher emits.
    public let output: Output

    /// Initializes a publisher that emits the specified output just once.
    public init(_ output: Output) {
        self.output = output
    }

    // Inlinable: where the subscriber's type is concrete (a flatMap's or switchToLatest's side, see
    // `FlatteningSide`), the caller supplies the subscription's class metadata from its own cache.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        subscriber.receive(subscription: NeverFailingSingleValueSubscription.make(value: output, downstream: subscriber, kind: .just))
    }
}

extension Just: Equatable where Output: Equatable {}
extension Just: Sendable where Output: Sendable {}

// Specialisations: Combine declares these on `Just` so that operators on a value that is already known
// give a synchronous publisher (`Just`, `Optional.Publisher`, `Result.Publisher`, `Publishers.Sequence`,
// `Empty`) instead of an operator struct. Checked against developer.apple.com/documentation/combine/just
// (and its "Publisher Operators" page) and OpenCombine's Sources/OpenCombine/Publishers/Just.swift.
// Each publishes what the generic operator would publish for a single value followed by `.finished`, except
// where Combine's own specialisation does otherwise (checked by OpenCombine's tests, which also run against
// Combine: Tests/OpenCombineTests/PublisherTests/JustTests.swift): `output(in:)` looks only at where the range
// starts, and `tryRemoveDuplicates(by:)` calls its predicate once, with the value twice.
extension Just {
    /// Transforms the value with `transform` now; Combine's `Just.map(_:)`.
    public func map<T>(_ transform: (Output) -> T) -> Just<T> { Just<T>(transform(output)) }

    /// Transforms the value with the error-throwing `transform` now: the result publishes the new value, or
    /// fails with the thrown error. Combine's `Just.tryMap(_:)`.
    public func tryMap<T>(_ transform: (Output) throws -> T) -> Result<T, Error>.Publisher {
        Result<T, Error>.Publisher(Result { try transform(output) })
    }

    /// Gives the publisher a failure type it never uses; Combine's `Just.setFailureType(to:)`.
    public func setFailureType<E: Error>(to failureType: E.Type) -> Result<Output, E>.Publisher {
        Result<Output, E>.Publisher(output)
    }

    /// Changes the (unused) failure type; `transform` is never called. Combine's `Just.mapError(_:)`.
    public func mapError<E: Error>(_ transform: (Never) -> E) -> Result<Output, E>.Publisher {
        Result<Output, E>.Publisher(output)
    }

    /// Publishes the value only if `isIncluded` accepts it; Combine's `Just.filter(_:)`.
    public func filter(_ isIncluded: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(isIncluded(output) ? output : nil)
    }

    /// Publishes `transform`'s result unless it is `nil`; Combine's `Just.compactMap(_:)`.
    public func compactMap<T>(_ transform: (Output) -> T?) -> Optional<T>.Publisher {
        Optional<T>.Publisher(transform(output))
    }

    /// Publishes the value wrapped in a one-element array; Combine's `Just.collect()`.
    public func collect() -> Just<[Output]> { Just<[Output]>([output]) }

    /// Publishes 1, the number of values a `Just` publishes; Combine's `Just.count()`.
    public func count() -> Just<Int> { Just<Int>(1) }

    /// Publishes nothing for a count of 1 or more, the value for 0; Combine's `Just.dropFirst(_:)`.
    public func dropFirst(_ count: Int = 1) -> Optional<Output>.Publisher {
        precondition(count >= 0, "Just.dropFirst(_:) was given a negative count (\(count)); pass 0 or more.")
        return Optional<Output>.Publisher(count > 0 ? nil : output)
    }

    /// Publishes the value unless `predicate` says to drop it; Combine's `Just.drop(while:)`.
    public func drop(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? nil : output)
    }

    /// Publishes the value if `maxLength` lets at least one through; Combine's `Just.prefix(_:)`.
    public func prefix(_ maxLength: Int) -> Optional<Output>.Publisher {
        precondition(maxLength >= 0, "Just.prefix(_:) was given a negative maxLength (\(maxLength)); pass 0 or more.")
        return Optional<Output>.Publisher(maxLength > 0 ? output : nil)
    }

    /// Publishes the value if `predicate` accepts it; Combine's `Just.prefix(while:)`.
    public func prefix(while predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? output : nil)
    }

    /// Publishes the value if `index` is 0, its only index; Combine's `Just.output(at:)`.
    public func output(at index: Int) -> Optional<Output>.Publisher {
        precondition(index >= 0, "Just.output(at:) was given a negative index (\(index)); indexes start at 0.")
        return Optional<Output>.Publisher(index == 0 ? output : nil)
    }

    /// Publishes the value if `range` starts at index 0, and nothing otherwise; Combine's `Just.output(in:)`.
    /// Combine looks only at where the range starts, so unlike the generic `output(in:)` an empty range
    /// starting at 0 (`0..<0`) publishes the value, and a range starting below 0 publishes nothing instead of
    /// stopping the program.
    public func output<R: RangeExpression>(in range: R) -> Optional<Output>.Publisher where R.Bound == Int {
        Optional<Output>.Publisher(range.relative(to: 0..<Int.max).lowerBound == 0 ? output : nil)
    }

    /// Publishes the value if it satisfies `predicate`; Combine's `Just.first(where:)`.
    public func first(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? output : nil)
    }

    /// Publishes the value if it satisfies `predicate`; Combine's `Just.last(where:)`.
    public func last(where predicate: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(predicate(output) ? output : nil)
    }

    /// Publishes the value itself: the first of one; Combine's `Just.first()`.
    public func first() -> Just<Output> { self }

    /// Publishes the value itself: the last of one; Combine's `Just.last()`.
    public func last() -> Just<Output> { self }

    /// Publishes no value and finishes; Combine's `Just.ignoreOutput()`.
    public func ignoreOutput() -> Empty<Output, Never> { Empty() }

    /// Publishes the value: a `Just` has no error to replace. Combine's `Just.replaceError(with:)`.
    public func replaceError(with output: Output) -> Just<Output> { self }

    /// Publishes the value: a `Just` is never empty. Combine's `Just.replaceEmpty(with:)`.
    public func replaceEmpty(with output: Output) -> Just<Output> { self }

    /// Publishes the value: a `Just` never fails, so there is nothing to retry. Combine's `Just.retry(_:)`.
    public func retry(_ retries: Int) -> Just<Output> {
        self
    }

    /// Publishes `nextPartialResult(initialResult, output)`; Combine's `Just.scan(_:_:)`.
    public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Never>.Publisher {
        Result<T, Never>.Publisher(nextPartialResult(initialResult, output))
    }

    /// Publishes `nextPartialResult(initialResult, output)`, or fails with what it throws; Combine's
    /// `Just.tryScan(_:_:)`.
    public func tryScan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) throws -> T) -> Result<T, Error>.Publisher {
        Result<T, Error>.Publisher(Result { try nextPartialResult(initialResult, output) })
    }

    /// Publishes `nextPartialResult(initialResult, output)`; Combine's `Just.reduce(_:_:)`.
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Result<T, Never>.Publisher {
        Result<T, Never>.Publisher(nextPartialResult(initialResult, output))
    }

    /// Publishes `nextPartialResult(initialResult, output)`, or fails with what it throws; Combine's
    /// `Just.tryReduce(_:_:)`.
    public func tryReduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) throws -> T) -> Result<T, Error>.Publisher {
        Result<T, Error>.Publisher(Result { try nextPartialResult(initialResult, output) })
    }

    /// Publishes whether the value satisfies `predicate`; Combine's `Just.allSatisfy(_:)`.
    public func allSatisfy(_ predicate: (Output) -> Bool) -> Just<Bool> { Just<Bool>(predicate(output)) }

    /// Publishes whether the value satisfies `predicate`, or fails with what it throws; Combine's
    /// `Just.tryAllSatisfy(_:)`.
    public func tryAllSatisfy(_ predicate: (Output) throws -> Bool) -> Result<Bool, Error>.Publisher {
        Result<Bool, Error>.Publisher(Result { try predicate(output) })
    }

    /// Publishes whether the value satisfies `predicate`; Combine's `Just.contains(where:)`.
    public func contains(where predicate: (Output) -> Bool) -> Just<Bool> { Just<Bool>(predicate(output)) }

    /// Publishes whether the value satisfies `predicate`, or fails with what it throws; Combine's
    /// `Just.tryContains(where:)`.
    public func tryContains(where predicate: (Output) throws -> Bool) -> Result<Bool, Error>.Publisher {
        Result<Bool, Error>.Publisher(Result { try predicate(output) })
    }

    /// Publishes the value: one value has no duplicate, so `predicate` is never called. Combine's
    /// `Just.removeDuplicates(by:)`.
    public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Just<Output> { self }

    /// Calls `predicate` once, with the value as both arguments, and publishes the value whatever it returns,
    /// or fails with what it throws; Combine's `Just.tryRemoveDuplicates(by:)`. (The generic
    /// `tryRemoveDuplicates(by:)` never calls its predicate for a single value, so it cannot fail.)
    public func tryRemoveDuplicates(by predicate: (Output, Output) throws -> Bool) -> Result<Output, Error>.Publisher {
        Result<Output, Error>.Publisher(Result {
            _ = try predicate(output, output)
            return output
        })
    }

    /// Publishes the value: the least of one, without calling `areInIncreasingOrder`. Combine's `Just.min(by:)`.
    public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> { self }

    /// Publishes the value: the greatest of one, without calling `areInIncreasingOrder`. Combine's `Just.max(by:)`.
    public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> { self }

    /// Publishes the value, then `elements`; Combine's `Just.append(_:)`.
    public func append(_ elements: Output...) -> Publishers.Sequence<[Output], Never> {
        Publishers.Sequence(sequence: [output] + elements)
    }

    /// Publishes the value, then the elements of `elements`; Combine's `Just.append(_:)`.
    public func append<S: Sequence>(_ elements: S) -> Publishers.Sequence<[Output], Never> where S.Element == Output {
        Publishers.Sequence(sequence: [output] + elements)
    }

    /// Publishes `elements`, then the value; Combine's `Just.prepend(_:)`.
    public func prepend(_ elements: Output...) -> Publishers.Sequence<[Output], Never> {
        Publishers.Sequence(sequence: elements + [output])
    }

    /// Publishes the elements of `elements`, then the value; Combine's `Just.prepend(_:)`.
    public func prepend<S: Sequence>(_ elements: S) -> Publishers.Sequence<[Output], Never> where S.Element == Output {
        Publishers.Sequence(sequence: elements + [output])
    }
}

extension Just where Output: Equatable {
    /// Publishes whether the value equals `output`; Combine's `Just.contains(_:)`.
    public func contains(_ output: Output) -> Just<Bool> { Just<Bool>(self.output == output) }

    /// Publishes the value: one value has no duplicate. Combine's `Just.removeDuplicates()`.
    public func removeDuplicates() -> Just<Output> { self }
}

extension Just where Output: Comparable {
    /// Publishes the value: the least of one. Combine's `Just.min()`.
    public func min() -> Just<Output> { self }

    /// Publishes the value: the greatest of one. Combine's `Just.max()`.
    public func max() -> Just<Output> { self }
}
