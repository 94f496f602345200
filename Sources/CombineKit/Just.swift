/// A publisher that emits an output to each subscriber just once, and then finishes.
public struct Just<Output>: Publisher {
    public typealias Failure = Never

    /// The one element that the publisher emits.
    public let output: Output

    /// Initializes a publisher that emits the specified output just once.
    public init(_ output: Output) {
        self.output = output
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        subscriber.receive(subscription: SingleValueSubscription(value: output, downstream: subscriber, name: "Just"))
    }
}

extension Just: Equatable where Output: Equatable {}
extension Just: Sendable where Output: Sendable {}

// Specialisations that keep the result a `Just` (or a synchronous publisher), as Combine's do.
extension Just {
    public func map<T>(_ transform: (Output) -> T) -> Just<T> { Just<T>(transform(output)) }

    public func tryMap<T>(_ transform: (Output) throws -> T) -> Result<T, Error>.Publisher {
        Result<T, Error>.Publisher(Result { try transform(output) })
    }

    public func setFailureType<E: Error>(to failureType: E.Type) -> Result<Output, E>.Publisher {
        Result<Output, E>.Publisher(output)
    }

    public func mapError<E: Error>(_ transform: (Never) -> E) -> Result<Output, E>.Publisher {
        Result<Output, E>.Publisher(output)
    }

    public func filter(_ isIncluded: (Output) -> Bool) -> Optional<Output>.Publisher {
        Optional<Output>.Publisher(isIncluded(output) ? output : nil)
    }

    public func compactMap<T>(_ transform: (Output) -> T?) -> Optional<T>.Publisher {
        Optional<T>.Publisher(transform(output))
    }

    public func collect() -> Just<[Output]> { Just<[Output]>([output]) }

    public func count() -> Just<Int> { Just<Int>(1) }

    public func dropFirst(_ count: Int = 1) -> Optional<Output>.Publisher {
        precondition(count >= 0, "Just.dropFirst(_:) was given a negative count (\(count)); pass 0 or more.")
        return Optional<Output>.Publisher(count > 0 ? nil : output)
    }

    public func prefix(_ maxLength: Int) -> Optional<Output>.Publisher {
        precondition(maxLength >= 0, "Just.prefix(_:) was given a negative maxLength (\(maxLength)); pass 0 or more.")
        return Optional<Output>.Publisher(maxLength > 0 ? output : nil)
    }

    public func replaceError(with output: Output) -> Just<Output> { self }

    public func replaceEmpty(with output: Output) -> Just<Output> { self }

    public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Just<T> {
        Just<T>(nextPartialResult(initialResult, output))
    }

    public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Output) -> T) -> Just<T> {
        Just<T>(nextPartialResult(initialResult, output))
    }

    public func allSatisfy(_ predicate: (Output) -> Bool) -> Just<Bool> { Just<Bool>(predicate(output)) }

    public func contains(where predicate: (Output) -> Bool) -> Just<Bool> { Just<Bool>(predicate(output)) }

    public func first() -> Just<Output> { self }

    public func last() -> Just<Output> { self }

    public func ignoreOutput() -> Empty<Output, Never> { Empty() }

    public func removeDuplicates(by predicate: (Output, Output) -> Bool) -> Just<Output> { self }

    public func min(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> { self }

    public func max(by areInIncreasingOrder: (Output, Output) -> Bool) -> Just<Output> { self }
}

extension Just where Output: Equatable {
    public func contains(_ output: Output) -> Just<Bool> { Just<Bool>(self.output == output) }
    public func removeDuplicates() -> Just<Output> { self }
}

extension Just where Output: Comparable {
    public func min() -> Just<Output> { self }
    public func max() -> Just<Output> { self }
}
