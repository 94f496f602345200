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
    /// With `.keepFull` it asks the upstream for `size` elements at once and for one more each time
    /// an element leaves the buffer; with `.byRequest` it forwards the downstream's requests. An
    /// element that arrives while `size` elements are waiting is handled by `whenFull`. A failure
    /// from the upstream is delivered after the buffered elements, like a normal completion.
    public struct Buffer<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let size: Int
        public let prefetch: PrefetchStrategy
        public let whenFull: BufferingStrategy<Upstream.Failure>

        public init(upstream: Upstream, size: Int, prefetch: PrefetchStrategy, whenFull: BufferingStrategy<Failure>) {
            precondition(size > 0, "buffer(size:prefetch:whenFull:) was given size \(size); pass a positive size.")
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
        @exclusivity(unchecked) private var pendingCompletion: Subscribers.Completion<Failure>?
        @exclusivity(unchecked) private var isDelivering = false
        @exclusivity(unchecked) private var done = false

        init(downstream: Downstream, size: Int, prefetch: Publishers.PrefetchStrategy, whenFull: Publishers.BufferingStrategy<Failure>) {
            self.downstream = downstream
            self.size = size
            self.prefetch = prefetch
            self.whenFull = whenFull
        }

        var description: String { "Buffer" }
        var customMirror: Mirror { Mirror(self, children: ["downstream": downstream, "buffer": buffer]) }

        func receive(subscription: Subscription) {
            guard acceptSubscription(subscription) else { return }
            downstream.receive(subscription: self)
            if prefetch == .keepFull { subscription.request(.max(size)) }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard status.isSubscribed, !done else {
                lock.unlock()
                return .none
            }
            if buffer.count >= size {
                switch whenFull {
                case .dropNewest:
                    lock.unlock()
                    return .none
                case .dropOldest:
                    buffer.removeFirst()
                    buffer.append(input)
                case .customError(let makeError):
                    let subscription = status.subscription
                    status = .terminal
                    lock.setSubscribedFlag(false)
                    buffer = []
                    lock.unlock()
                    // The factory is the user's code, so it runs outside the lock (it may call back into this
                    // subscription). The status is already terminal: nothing else is accepted meanwhile.
                    let error = makeError()
                    lock.lock()
                    pendingCompletion = .failure(error)
                    lock.unlock()
                    subscription?.cancel()
                    drain()
                    return .none
                }
            } else {
                buffer.append(input)
            }
            lock.unlock()
            drain()
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard status.isSubscribed else {
                lock.unlock()
                return
            }
            status = .terminal
            lock.setSubscribedFlag(false)
            pendingCompletion = completion
            lock.unlock()
            drain()
        }

        func request(_ demand: Subscribers.Demand) {
            demand.assertNonZero()
            lock.lock()
            self.demand += demand
            let upstream = prefetch == .byRequest ? status.subscription : nil
            lock.unlock()
            upstream?.request(demand)
            drain()
        }

        func cancel() {
            lock.lock()
            done = true
            buffer = []
            lock.unlock()
            forwardCancel()
        }

        private func drain() {
            lock.lock()
            guard !isDelivering else {
                lock.unlock()
                return
            }
            isDelivering = true
            while !done {
                if !buffer.isEmpty, demand > 0 {
                    let value = buffer.removeFirst()
                    demand -= 1
                    let refill = prefetch == .keepFull ? status.subscription : nil
                    lock.unlock()
                    let more = downstream.receive(value)
                    refill?.request(.max(1))
                    lock.lock()
                    if more > 0 {
                        demand += more
                        if prefetch == .byRequest, let upstream = status.subscription {
                            lock.unlock()
                            upstream.request(more)
                            lock.lock()
                        }
                    }
                    continue
                }
                if buffer.isEmpty, let completion = pendingCompletion {
                    pendingCompletion = nil
                    done = true
                    isDelivering = false
                    lock.unlock()
                    downstream.receive(completion: completion)
                    return
                }
                break
            }
            isDelivering = false
            lock.unlock()
        }
    }
}

extension Publishers.Buffer.Inner: PlaygroundShowsDescription {}
