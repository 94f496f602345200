import ReactiveBridgePrimitives

extension Publisher {
    /// Performs the specified closures when publisher events occur.
    public func handleEvents(receiveSubscription: ((Subscription) -> Void)? = nil,
                             receiveOutput: ((Output) -> Void)? = nil,
                             receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
                             receiveCancel: (() -> Void)? = nil,
                             receiveRequest: ((Subscribers.Demand) -> Void)? = nil) -> Publishers.HandleEvents<Self> {
        Publishers.HandleEvents(upstream: self, receiveSubscription: receiveSubscription, receiveOutput: receiveOutput,
                                receiveCompletion: receiveCompletion, receiveCancel: receiveCancel, receiveRequest: receiveRequest)
    }
}

extension Publishers {
    /// A publisher that performs the specified closures when publisher events occur.
    public struct HandleEvents<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public var receiveSubscription: ((Subscription) -> Void)?
        public var receiveOutput: ((Upstream.Output) -> Void)?
        public var receiveCompletion: ((Subscribers.Completion<Upstream.Failure>) -> Void)?
        public var receiveCancel: (() -> Void)?
        public var receiveRequest: ((Subscribers.Demand) -> Void)?

        public init(upstream: Upstream,
                    receiveSubscription: ((Subscription) -> Void)? = nil,
                    receiveOutput: ((Output) -> Void)? = nil,
                    receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
                    receiveCancel: (() -> Void)? = nil,
                    receiveRequest: ((Subscribers.Demand) -> Void)?) {
            self.upstream = upstream
            self.receiveSubscription = receiveSubscription
            self.receiveOutput = receiveOutput
            self.receiveCompletion = receiveCompletion
            self.receiveCancel = receiveCancel
            self.receiveRequest = receiveRequest
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, hooks: self))
        }
    }
}

extension Publishers.HandleEvents {
    /// As Combine's: the subscription hook sees every subscription received (a second one is then
    /// cancelled), the request hook every request (`.none` included, passed up as it is) and the demand
    /// returned from `receive(_:)`, the cancel hook a cancel that comes before the end; a cancel before the
    /// upstream subscription arrived runs the hook only (the subscription is accepted when it comes), and a
    /// completion before it is passed on (a later subscription is cancelled); the hooks are released when the
    /// stream ends or is cancelled. Unlike Combine's, no value reaches the downstream before the subscription,
    /// and nothing after the end.
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
    {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        let lock = Lock()
        @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
        private let downstream: Downstream
        /// Guarded by `lock`; `nil` once the stream ended or was cancelled (releasing the user's closures).
        @exclusivity(unchecked) private var hooks: Publishers.HandleEvents<Upstream>?

        init(downstream: Downstream, hooks: Publishers.HandleEvents<Upstream>) {
            self.downstream = downstream
            self.hooks = hooks
        }

        var description: String { "HandleEvents" }
        var customMirror: Mirror { Mirror(self, children: [:]) }

        private func currentHooks() -> Publishers.HandleEvents<Upstream>? {
            lock.lock()
            defer { lock.unlock() }
            return hooks
        }

        /// Ends the stream under the lock: releases the hooks; returns whether it had not ended before, and the
        /// upstream subscription if it was subscribed. With `unlessAwaiting`, changes nothing before the
        /// upstream subscription arrived.
        private func terminate(unlessAwaiting: Bool = false) -> (ended: Bool, subscription: Subscription?) {
            lock.lock()
            if unlessAwaiting, case .awaitingSubscription = status {
                lock.unlock()
                return (false, nil)
            }
            let previous = status.take()
            lock.setSubscribedFlag(false)
            let released = hooks
            hooks = nil
            lock.unlock()
            _ = released
            switch consume previous {
            case .subscribed(let subscription): return (true, subscription)
            case .awaitingSubscription: return (true, nil)
            case .terminal: return (false, nil)
            }
        }

        func receive(subscription: Subscription) {
            currentHooks()?.receiveSubscription?(subscription)
            guard acceptSubscription(subscription) else { return }
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            guard isActive() else { return .none }
            let hooks = currentHooks()
            hooks?.receiveOutput?(input)
            let more = downstream.receive(input)
            if more > 0 { hooks?.receiveRequest?(more) }
            return more
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            let hooks = currentHooks()
            guard terminate().ended else { return }
            hooks?.receiveCompletion?(completion)
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            currentHooks()?.receiveRequest?(demand)
            lock.lock()
            let subscription = status.copySubscription()
            lock.unlock()
            subscription?.request(demand)
        }

        func cancel() {
            guard let hooks = currentHooks() else { return }
            hooks.receiveCancel?()
            terminate(unlessAwaiting: true).subscription?.cancel()
        }
    }
}

extension Publishers.HandleEvents.Inner: PlaygroundShowsDescription {}
