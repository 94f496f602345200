import ReactiveBridgePrimitives

extension Publisher {
    /// Appends the given elements after this publisher finishes.
    public func append(_ elements: Output...) -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>> {
        append(Publishers.Sequence(sequence: elements))
    }

    /// Appends the elements of a sequence after this publisher finishes.
    public func append<S: Sequence>(_ elements: S) -> Publishers.Concatenate<Self, Publishers.Sequence<S, Failure>> where Output == S.Element {
        append(Publishers.Sequence(sequence: elements))
    }

    /// Appends the output of another publisher after this publisher finishes.
    public func append<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<Self, P> where Failure == P.Failure, Output == P.Output {
        Publishers.Concatenate(prefix: self, suffix: publisher)
    }

    /// Prefixes the given elements before this publisher's elements.
    public func prepend(_ elements: Output...) -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self> {
        prepend(Publishers.Sequence(sequence: elements))
    }

    /// Prefixes the elements of a sequence before this publisher's elements.
    public func prepend<S: Sequence>(_ elements: S) -> Publishers.Concatenate<Publishers.Sequence<S, Failure>, Self> where Output == S.Element {
        prepend(Publishers.Sequence(sequence: elements))
    }

    /// Prefixes the output of another publisher before this publisher's elements.
    public func prepend<P: Publisher>(_ publisher: P) -> Publishers.Concatenate<P, Self> where Failure == P.Failure, Output == P.Output {
        Publishers.Concatenate(prefix: publisher, suffix: self)
    }
}

extension Publishers {
    /// A publisher that emits all of one publisher's elements before those from another publisher.
    /// The suffix is subscribed only when the prefix finishes, and receives the demand the prefix
    /// did not use.
    public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: Publisher where Prefix.Failure == Suffix.Failure, Prefix.Output == Suffix.Output {
        public typealias Output = Suffix.Output
        public typealias Failure = Suffix.Failure
        public let prefix: Prefix
        public let suffix: Suffix

        public init(prefix: Prefix, suffix: Suffix) {
            self.prefix = prefix
            self.suffix = suffix
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            prefix.subscribe(Inner(downstream: subscriber, suffix: suffix))
        }
    }
}

extension Publishers.Concatenate {
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Output, Downstream.Failure == Failure
    {
        typealias Input = Output

        let lock = Lock()
        @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
        private let downstream: Downstream
        private var suffix: Suffix?
        private var demand = Subscribers.Demand.none
        private var subscribedDownstream = false

        init(downstream: Downstream, suffix: Suffix) {
            self.downstream = downstream
            self.suffix = suffix
        }

        var description: String { "Concatenate" }
        var customMirror: Mirror { Mirror(self, children: [:]) }

        func receive(subscription: Subscription) {
            guard acceptSubscription(subscription) else { return }
            lock.lock()
            let first = !subscribedDownstream
            subscribedDownstream = true
            let carried = demand
            lock.unlock()
            if first {
                downstream.receive(subscription: self)
            } else if carried > 0 {
                subscription.request(carried)
            }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard status.isSubscribed else {
                lock.unlock()
                return .none
            }
            demand -= 1
            lock.unlock()
            let more = downstream.receive(input)
            if more > 0 {
                lock.lock()
                demand += more
                lock.unlock()
            }
            return more
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard status.isSubscribed else {
                lock.unlock()
                return
            }
            if case .finished = completion, let suffix = suffix {
                self.suffix = nil
                status = .awaitingSubscription
                lock.setSubscribedFlag(false)
                lock.unlock()
                suffix.subscribe(self)
                return
            }
            status = .terminal
            lock.setSubscribedFlag(false)
            lock.unlock()
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            demand.assertNonZero()
            lock.lock()
            self.demand += demand
            guard case .subscribed(let subscription) = status else {
                lock.unlock()
                return
            }
            lock.unlock()
            subscription.request(demand)
        }

        func cancel() {
            lock.lock()
            suffix = nil
            lock.unlock()
            forwardCancel()
        }
    }
}

extension Publishers.Concatenate.Inner: PlaygroundShowsDescription {}
