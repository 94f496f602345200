import ReactiveBridgePrimitives

extension Publishers {
    /// A strategy for filling a buffer.
    public enum PrefetchStrategy: Equatable, Hashable, Sendable {
        /// Fill the buffer upon subscription and keep it full.
        case keepFull
        /// Request from the upstream only as the downstream requests.
        case byRequest
    }

    /// A strategy that handles exhaustion of a buffer's capacity.
    public enum BufferingStrategy<Failure: Error> {
        /// When the buffer is full, discard the newly received element.
        case dropNewest
        /// When the buffer is full, discard the oldest element in the buffer.
        case dropOldest
        /// When the buffer is full, execute the closure to provide a custom error.
        case customError(() -> Failure)
    }
}

extension Publisher {
    /// Buffers elements received from an upstream publisher.
    public func buffer(size: Int, prefetch: Publishers.PrefetchStrategy, whenFull: Publishers.BufferingStrategy<Failure>) -> Publishers.Buffer<Self> {
        Publishers.Buffer(upstream: self, size: size, prefetch: prefetch, whenFull: whenFull)
    }
}

extension Publishers {
    /// A publisher that buffers elements from an upstream publisher.
    ///
    /// As Combine's: at subscription it asks the upstream for `.unlimited` (`.byRequest`) or for `size`
    /// elements (`.keepFull`, which then asks for one more per element delivered downstream, returned from
    /// `receive(_:)` or requested after a downstream request). An element that arrives while `size` are
    /// waiting is handled by `whenFull`; a size of 0 is accepted. A finished upstream is delivered after the
    /// buffered elements, once the downstream has demand; a failure is delivered after them while the
    /// downstream has demand, and at once (dropping them) while it has none.
    public struct Buffer<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let size: Int
        public let prefetch: PrefetchStrategy
        public let whenFull: BufferingStrategy<Upstream.Failure>

        public init(upstream: Upstream, size: Int, prefetch: PrefetchStrategy, whenFull: BufferingStrategy<Failure>) {
            precondition(size >= 0, "buffer(size:prefetch:whenFull:) was given size \(size); pass a size of 0 or more.")
            self.upstream = upstream
            self.size = size
            self.prefetch = prefetch
            self.whenFull = whenFull
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, size: size, prefetch: prefetch, whenFull: whenFull))
        }
    }
}

extension Publishers.Buffer {
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
    {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        let lock = Lock()
        @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
        private let downstream: Downstream
        private let size: Int
        private let prefetch: Publishers.PrefetchStrategy
        private let whenFull: Publishers.BufferingStrategy<Failure>
        // Guarded by `lock`; nothing is called out while an access lasts, so the run-time exclusivity
        // checks (which only catch same-thread overlaps) are off.
        @exclusivity(unchecked) private var buffer: [Input] = []
        @exclusivity(unchecked) private var demand = Subscribers.Demand.none
        /// The upstream's completion (or the `customError`'s failure), delivered by `drain()`.
        @exclusivity(unchecked) private var terminal: Subscribers.Completion<Failure>?
        /// `customError`'s factory is running (outside the lock): elements meanwhile are dropped.
        @exclusivity(unchecked) private var makingError = false
        /// A `drain()` is delivering: another caller only adds its work, the running one delivers it (no
        /// concurrent or nested delivery downstream).
        @exclusivity(unchecked) private var isDelivering = false

        init(downstream: Downstream, size: Int, prefetch: Publishers.PrefetchStrategy, whenFull: Publishers.BufferingStrategy<Failure>) {
            self.downstream = downstream
            self.size = size
            self.prefetch = prefetch
            self.whenFull = whenFull
        }

        var description: String { "Buffer" }
        // As Combine's: the elements held, the subscription's state, the downstream's outstanding demand and
        // the completion waiting behind the elements.
        var customMirror: Mirror {
            lock.lock()
            defer { lock.unlock() }
            return Mirror(self, children: ["values": buffer, "state": status, "downstreamDemand": demand, "terminal": terminal as Any])
        }

        func receive(subscription: Subscription) {
            guard acceptSubscription(subscription) else { return }
            // Combine asks the upstream before it passes the subscription on.
            switch prefetch {
            case .keepFull: if size > 0 { subscription.request(.max(size)) }
            case .byRequest: subscription.request(.unlimited)
            }
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard status.isSubscribed, !makingError, terminal?.isFailure != true else {
                lock.unlock()
                return .none
            }
            if buffer.count >= size {
                switch whenFull {
                case .dropNewest:
                    lock.unlock()
                    return drain()
                case .dropOldest:
                    if !buffer.isEmpty { buffer.removeFirst() }
                case .customError(let makeError):
                    makingError = true
                    let subscription = status.subscription
                    lock.unlock()
                    // The factory is the user's code, so it runs outside the lock (it may call back into this
                    // subscription); elements that arrive meanwhile are dropped.
                    let error = makeError()
                    lock.lock()
                    makingError = false
                    terminal = .failure(error)
                    lock.unlock()
                    // As Combine: the upstream is cancelled, the failure waits for the next `drain()`.
                    subscription?.cancel()
                    return .none
                }
            }
            if size > 0 { buffer.append(input) }
            lock.unlock()
            return drain()
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard status.isSubscribed, terminal == nil, !makingError else {
                lock.unlock()
                return
            }
            terminal = completion
            lock.unlock()
            _ = drain()
        }

        func request(_ demand: Subscribers.Demand) {
            // `request(.none)` is accepted, as Combine's buffer does.
            lock.lock()
            guard case .subscribed(let subscription) = status else {
                lock.unlock()
                return
            }
            self.demand += demand
            lock.unlock()
            let refill = drain()
            if refill > 0 { subscription.request(refill) }
        }

        func cancel() {
            lock.lock()
            guard case .subscribed(let subscription) = status else {
                lock.unlock()
                return
            }
            status = .terminal
            lock.setSubscribedFlag(false)
            buffer = []
            lock.unlock()
            subscription.cancel()
        }

        /// Delivers what the downstream's demand allows, then the completion when due; returns the demand to
        /// ask the upstream for (`.keepFull`: one per element delivered).
        private func drain() -> Subscribers.Demand {
            var refill = Subscribers.Demand.none
            lock.lock()
            guard !isDelivering else {
                lock.unlock()
                return .none
            }
            isDelivering = true
            while status.isSubscribed {
                if demand == .none || buffer.isEmpty {
                    // As Combine: a completion is delivered under demand once the buffer is empty; a failure
                    // also while there is no demand (dropping what is buffered).
                    guard let completion = terminal, demand == .none ? completion.isFailure : buffer.isEmpty else { break }
                    status = .terminal
                    lock.setSubscribedFlag(false)
                    buffer = []
                    isDelivering = false
                    lock.unlock()
                    downstream.receive(completion: completion)
                    return refill
                }
                let value = buffer.removeFirst()
                demand -= 1
                lock.unlock()
                let more = downstream.receive(value)
                if prefetch == .keepFull { refill += 1 }
                lock.lock()
                demand += more
            }
            isDelivering = false
            lock.unlock()
            return refill
        }
    }
}

extension Subscribers.Completion {
    fileprivate var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}

extension Publishers.Buffer.Inner: PlaygroundShowsDescription {}
