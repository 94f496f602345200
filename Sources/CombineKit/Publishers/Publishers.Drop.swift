import ReactiveBridgePrimitives

extension Publisher {
    /// Omits the specified number of elements before republishing subsequent elements.
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
        Publishers.Drop(upstream: self, count: count)
    }
}

extension Publishers {
    /// A publisher that omits a specified number of elements before republishing later elements.
    ///
    /// As soon as it is subscribed it asks the upstream for the `count` elements it drops, whatever the
    /// downstream's demand (so elements a subject sends before the downstream asks count among them); the
    /// downstream's requests pass up unchanged.
    public struct Drop<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let count: Int

        public init(upstream: Upstream, count: Int) {
            precondition(count >= 0, "dropFirst(_:) was given a negative count (\(count)); pass 0 or more (0 drops nothing).")
            self.upstream = upstream
            self.count = count
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, count: count))
        }
    }
}

extension Publishers.Drop {
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Output, Downstream.Failure == Failure
    {
        typealias Input = Upstream.Output

        let lock = Lock()
        @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
        private let downstream: Downstream
        private var remaining: Int

        init(downstream: Downstream, count: Int) {
            self.downstream = downstream
            self.remaining = count
        }

        var description: String { "Drop" }
        var customMirror: Mirror { Mirror(self, children: [:]) }

        func receive(subscription: Subscription) {
            guard acceptSubscription(subscription) else { return }
            // Nothing arrives before the first request, so `remaining` is still `count` here.
            let dropped = remaining
            downstream.receive(subscription: self)
            if dropped > 0 { forwardRequest(.max(dropped)) }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard status.isSubscribed else {
                lock.unlock()
                return .none
            }
            if remaining > 0 {
                remaining -= 1
                lock.unlock()
                return .none
            }
            lock.unlock()
            return downstream.receive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            if markTerminal() { downstream.receive(completion: completion) }
        }

        func request(_ demand: Subscribers.Demand) { forwardRequest(demand) }

        func cancel() { forwardCancel() }
    }
}

extension Publishers.Drop.Inner: PlaygroundShowsDescription {}
