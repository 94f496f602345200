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

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Wrapped, S.Failure == Never {
            if let output = output {
                subscriber.receive(subscription: SingleValueSubscription(value: output, downstream: subscriber, name: "Optional"))
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

extension Optional.Publisher {
    public func map<T>(_ transform: (Wrapped) -> T) -> Optional<T>.Publisher {
        Optional<T>.Publisher(output.map(transform))
    }

    public func filter(_ isIncluded: (Wrapped) -> Bool) -> Optional<Wrapped>.Publisher {
        Optional<Wrapped>.Publisher(output.flatMap { isIncluded($0) ? $0 : nil })
    }

    public func compactMap<T>(_ transform: (Wrapped) -> T?) -> Optional<T>.Publisher {
        Optional<T>.Publisher(output.flatMap(transform))
    }

    public func count() -> Optional<Int>.Publisher {
        Optional<Int>.Publisher(output == nil ? 0 : 1)
    }
}
