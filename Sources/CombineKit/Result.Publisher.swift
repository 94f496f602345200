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
                subscriber.receive(subscription: SingleValueSubscription(value: value, downstream: subscriber, name: "Once"))
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

extension Result.Publisher {
    public func map<T>(_ transform: (Success) -> T) -> Result<T, Failure>.Publisher {
        Result<T, Failure>.Publisher(result.map(transform))
    }

    public func mapError<E: Error>(_ transform: (Failure) -> E) -> Result<Success, E>.Publisher {
        Result<Success, E>.Publisher(result.mapError(transform))
    }
}
