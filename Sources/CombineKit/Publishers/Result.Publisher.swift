extension Result {
    /// A publisher that publishes an output to each subscriber exactly once then finishes, or fails
    /// immediately without producing any elements.
    public struct Publisher: CombineKit.Publisher {
        public typealias Output = Success

        /// The result to deliver to each subscriber.
        public let result: Result<Success, Failure>

        /// Creates a publisher that delivers the specified result.
        public init(_ result: Result<Output, Failure>) {
            self.result = result
        }

        /// Creates a publisher that sends the specified output to all subscribers and finishes normally.
        public init(_ output: Output) {
            self.result = .success(output)
        }

        /// Creates a publisher that immediately terminates upon subscription with the given failure.
        public init(_ failure: Failure) {
            self.result = .failure(failure)
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Success, S.Failure == Failure {
            switch result {
            case .success(let value):
                subscriber.receive(subscription: SingleValueSubscription.make(value: value, downstream: subscriber, kind: .once))
            case .failure(let error):
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .failure(error))
            }
        }
    }

    /// A publisher that delivers this result.
    public var publisher: Result<Success, Failure>.Publisher {
        Publisher(self)
    }
}

extension Result.Publisher: Equatable where Success: Equatable, Failure: Equatable {}

// Specialisations: Combine declares these on `Result.Publisher` so that operators on a result that is
// already known stay synchronous. Checked against developer.apple.com/documentation/swift/result/
// publisher-swift.struct and OpenCombine's Sources/OpenCombine/Publishers/Result.Publisher.swift.
// A `.failure` result stays that failure (as the generic operators pass an upstream failure on); the `try`
// forms also fail with whatever their closure throws. Where Combine's own specialisation differs from the
// generic operator, it is followed (checked by OpenCombine's tests, which also run against Combine:
// Tests/OpenCombineTests/PublisherTests/ResultPublisherTests.swift): `tryMin(by:)`, `tryMax(by:)` and
// `tryRemoveDuplicates(by:)` call their closure once, with the value twice, so they can fail; and
// `ignoreOutput()` is an `Empty` that finishes even for a `.failure`.
extension Result.Publisher {
    /// Transforms a successful value with `transform` now; Combine's `Result.Publisher.map(_:)`.
    public func map<T>(_ transform: (Success) -> T) -> Result<T, Failure>.Publisher {
        Result<T, Failure>.Publisher(result.map(transform))
    }

    /// Transforms a successful value with the error-throwing `transform` now; a thrown error becomes the
    /// failure. Combine's `Result.Publisher.tryMap(_:)`.
    public func tryMap<T>(_ transform: (Success) throws -> T) -> Result<T, Error>.Publisher {
        Result<T, Error>.Publisher(result.trying(transform))
    }

    /// Transforms the failure, if any, with `transform` now; Combine's `Result.Publisher.mapError(_:)`.
    public func mapError<E: Error>(_ transform: (Failure) -> E) -> Result<Success, E>.Publisher {
        Result<Success, E>.Publisher(result.mapError(transform))
    }

    /// Publishes whether the value satisfies `predicate`; Combine's `Result.Publisher.allSatisfy(_:)`.
    public func allSatisfy(_ predicate: (Success) -> Bool) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(result.map(predicate))
    }

    /// Publishes whether the value satisfies `predicate`, or fails with what it throws; Combine's
    /// `Result.Publisher.tryAllSatisfy(_:)`.
    public func tryAllSatisfy(_ predicate: (Success) throws -> Bool) -> Result<Bool, Error>.Publisher {
        Result<Bool, Error>.Publisher(result.trying(predicate))
    }

    /// Publishes whether the value satisfies `predicate`; Combine's `Result.Publisher.contains(where:)`.
    public func contains(where predicate: (Success) -> Bool) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(result.map(predicate))
    }

    /// Publishes whether the value satisfies `predicate`, or fails with what it throws; Combine's
    /// `Result.Publisher.tryContains(where:)`.
    public func tryContains(where predicate: (Success) throws -> Bool) -> Result<Bool, Error>.Publisher {
        Result<Bool, Error>.Publisher(result.trying(predicate))
    }

    /// Publishes the value in a one-element array; Combine's `Result.Publisher.collect()`.
    public func collect() -> Result<[Success], Failure>.Publisher {
        Result<[Success], Failure>.Publisher(result.map { [$0] })
    }

    /// Publishes 1, the number of values a successful result publishes; Combine's `Result.Publisher.count()`.
    public func count() -> Result<Int, Failure>.Publisher {
        Result<Int, Failure>.Publisher(result.map { _ in 1 })
    }

    /// Publishes the value: the first of one. Combine's `Result.Publisher.first()`.
    public func first() -> Result<Success, Failure>.Publisher { self }

    /// Publishes the value: the last of one. Combine's `Result.Publisher.last()`.
    public func last() -> Result<Success, Failure>.Publisher { self }

    /// Publishes the value without calling `areInIncreasingOrder`; Combine's `Result.Publisher.min(by:)`.
    public func min(by areInIncreasingOrder: (Success, Success) -> Bool) -> Result<Success, Failure>.Publisher { self }

    /// Calls `areInIncreasingOrder` once, with the value as both arguments, and publishes the value whatever it
    /// returns, or fails with what it throws (or with the failure, without calling it); Combine's
    /// `Result.Publisher.tryMin(by:)`. (The generic `tryMin(by:)` never compares a single value, so it cannot
    /// fail on its own.)
    public func tryMin(by areInIncreasingOrder: (Success, Success) throws -> Bool) -> Result<Success, Error>.Publisher {
        Result<Success, Error>.Publisher(result.comparedWithItself(by: areInIncreasingOrder))
    }

    /// Publishes the value without calling `areInIncreasingOrder`; Combine's `Result.Publisher.max(by:)`.
    public func max(by areInIncreasingOrder: (Success, Success) -> Bool) -> Result<Success, Failure>.Publisher { self }

    /// Calls `areInIncreasingOrder` once, with the value as both arguments, and publishes the value whatever it
    /// returns, or fails with what it throws (or with the failure, without calling it); Combine's
    /// `Result.Publisher.tryMax(by:)`. (The generic `tryMax(by:)` never compares a single value, so it cannot
    /// fail on its own.)
    public func tryMax(by areInIncreasingOrder: (Success, Success) throws -> Bool) -> Result<Success, Error>.Publisher {
        Result<Success, Error>.Publisher(result.comparedWithItself(by: areInIncreasingOrder))
    }

    /// Publishes the value without calling `predicate`: one value has no duplicate. Combine's
    /// `Result.Publisher.removeDuplicates(by:)`.
    public func removeDuplicates(by predicate: (Success, Success) -> Bool) -> Result<Success, Failure>.Publisher { self }

    /// Calls `predicate` once, with the value as both arguments, and publishes the value whatever it returns,
    /// or fails with what it throws (or with the failure, without calling it); Combine's
    /// `Result.Publisher.tryRemoveDuplicates(by:)`. (The generic `tryRemoveDuplicates(by:)` never calls its
    /// predicate for a single value, so it cannot fail on its own.)
    public func tryRemoveDuplicates(by predicate: (Success, Success) throws -> Bool) -> Result<Success, Error>.Publisher {
        Result<Success, Error>.Publisher(result.comparedWithItself(by: predicate))
    }

    /// Publishes no value and finishes, even for a `.failure`; Combine's `Result.Publisher.ignoreOutput()`.
    /// (Unlike the generic `ignoreOutput()`, which passes an upstream failure on.)
    public func ignoreOutput() -> Empty<Success, Failure> { Empty() }

    /// Publishes the value, or `output` in place of the failure; Combine's `Result.Publisher.replaceError(with:)`.
    public func replaceError(with output: Success) -> Result<Success, Never>.Publisher {
        Result<Success, Never>.Publisher((try? result.get()) ?? output)
    }

    /// Publishes the result unchanged: a successful result is never empty. Combine's
    /// `Result.Publisher.replaceEmpty(with:)`.
    public func replaceEmpty(with output: Success) -> Result<Success, Failure>.Publisher { self }

    /// Publishes the result unchanged: a failed result fails again on every attempt. Combine's
    /// `Result.Publisher.retry(_:)`.
    public func retry(_ retries: Int) -> Result<Success, Failure>.Publisher {
        self
    }

    /// Publishes `nextPartialResult(initialResult, value)`; Combine's `Result.Publisher.reduce(_:_:)`.
    public func reduce<T>(_ initialResult: T, _ nextPartialResult: (T, Success) -> T) -> Result<T, Failure>.Publisher {
        Result<T, Failure>.Publisher(result.map { nextPartialResult(initialResult, $0) })
    }

    /// Publishes `nextPartialResult(initialResult, value)`, or fails with what it throws; Combine's
    /// `Result.Publisher.tryReduce(_:_:)`.
    public func tryReduce<T>(_ initialResult: T, _ nextPartialResult: (T, Success) throws -> T) -> Result<T, Error>.Publisher {
        Result<T, Error>.Publisher(result.trying { try nextPartialResult(initialResult, $0) })
    }

    /// Publishes `nextPartialResult(initialResult, value)`; Combine's `Result.Publisher.scan(_:_:)`.
    public func scan<T>(_ initialResult: T, _ nextPartialResult: (T, Success) -> T) -> Result<T, Failure>.Publisher {
        Result<T, Failure>.Publisher(result.map { nextPartialResult(initialResult, $0) })
    }

    /// Publishes `nextPartialResult(initialResult, value)`, or fails with what it throws; Combine's
    /// `Result.Publisher.tryScan(_:_:)`.
    public func tryScan<T>(_ initialResult: T, _ nextPartialResult: (T, Success) throws -> T) -> Result<T, Error>.Publisher {
        Result<T, Error>.Publisher(result.trying { try nextPartialResult(initialResult, $0) })
    }
}

extension Result.Publisher where Success: Equatable {
    /// Publishes whether the value equals `output`; Combine's `Result.Publisher.contains(_:)`.
    public func contains(_ output: Success) -> Result<Bool, Failure>.Publisher {
        Result<Bool, Failure>.Publisher(result.map { $0 == output })
    }

    /// Publishes the result unchanged: one value has no duplicate. Combine's `Result.Publisher.removeDuplicates()`.
    public func removeDuplicates() -> Result<Success, Failure>.Publisher { self }
}

extension Result.Publisher where Success: Comparable {
    /// Publishes the result unchanged: the least of one value. Combine's `Result.Publisher.min()`.
    public func min() -> Result<Success, Failure>.Publisher { self }

    /// Publishes the result unchanged: the greatest of one value. Combine's `Result.Publisher.max()`.
    public func max() -> Result<Success, Failure>.Publisher { self }
}

extension Result.Publisher where Failure == Never {
    /// Gives the publisher a failure type it never uses; Combine's `Result.Publisher.setFailureType(to:)`.
    public func setFailureType<E: Error>(to failureType: E.Type) -> Result<Success, E>.Publisher {
        Result<Success, E>.Publisher(result.get())
    }
}

extension Result {
    /// This result with its success transformed by the error-throwing `transform` and its failure erased:
    /// what the `try` specialisations of `Result.Publisher` publish.
    fileprivate func trying<T>(_ transform: (Success) throws -> T) -> Result<T, Error> {
        switch self {
        case .success(let value): return Result<T, Error> { try transform(value) }
        case .failure(let error): return .failure(error)
        }
    }

    /// This result with its failure erased, after `compare` has been called with a successful value as both
    /// of its arguments (its answer unused): what `tryMin(by:)`, `tryMax(by:)` and `tryRemoveDuplicates(by:)`
    /// of `Result.Publisher` publish.
    fileprivate func comparedWithItself(by compare: (Success, Success) throws -> Bool) -> Result<Success, Error> {
        trying { value in
            _ = try compare(value, value)
            return value
        }
    }
}
