import ReactiveBridgePrimitives

extension Subscribers {
    /// A simple subscriber that requests an unlimited number of values upon subscription.
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
        // The lock lives in the sink (one heap block per subscription rather than two): it must stay the
        // first stored property (see `InlineLockStorage`).
        private var lockStorage = InlineLockStorage()

        /// The closure to execute on receipt of a value.
        public let receiveValue: (Input) -> Void
        /// The closure to execute on completion.
        public let receiveCompletion: (Subscribers.Completion<Failure>) -> Void

        @exclusivity(unchecked) private var status = SubscriptionStatus.awaitingSubscription

        /// Initializes a sink with the provided closures.
        public init(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                    receiveValue: @escaping (Input) -> Void) {
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
            lock.initialize()
            assert(lock.isAt(&lockStorage), "Sink: the inline lock must be the first stored property")
            // The lock's flag means "open" here: as Combine's sink, values and a completion that arrive
            // before a subscription are delivered; after a completion or `cancel()` nothing is.
            lock.setSubscribedFlag(true)
        }

        deinit { lock.destroy() }

        private var lock: InlineLock { InlineLock(in: self) }

        public var description: String { "Sink" }
        public var customMirror: Mirror { Mirror(self, children: [:]) }
        public var playgroundDescription: Any { description }

        public func receive(subscription: Subscription) {
            lock.lock()
            guard status.storeIfAwaiting(subscription) else {
                lock.unlock()
                subscription.cancel()
                return
            }
            lock.unlock()
            subscription.request(.unlimited)
        }

        public func receive(_ value: Input) -> Subscribers.Demand {
            // One atomic load of the "open?" flag kept beside the lock (no lock/unlock pair per value).
            guard lock.isSubscribed else { return .none }
            receiveValue(value)
            return .none
        }

        public func receive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard !status.isTerminal else {
                lock.unlock()
                return
            }
            status = .terminal
            lock.setSubscribedFlag(false)
            lock.unlock()
            receiveCompletion(completion)
        }

        public func cancel() {
            lock.lock()
            // Moved out, not copied (see `SubscriptionStatus.take()`).
            let previous = status.take()
            lock.setSubscribedFlag(false)
            lock.unlock()
            if case .subscribed(let subscription) = consume previous { subscription.cancel() }
        }
    }
}

// The two `sink` methods are inlinable: specialised in the caller, the sink's class metadata
// (`Sink<Output, Failure>` for concrete types) comes from a cache in the caller instead of a runtime
// look-up on every call.
extension Publisher {
    /// Attaches a subscriber with closure-based behavior; it requests an unlimited number of values.
    @inlinable
    public func sink(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                     receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        subscribe(sink)
        return AnyCancellable(sink)
    }
}

extension Publisher where Failure == Never {
    /// Attaches a subscriber with closure-based behavior to a publisher that never fails.
    @inlinable
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}

// On an erased publisher, `sink` subscribes through the closure the erasure made in the caller's code
// (`PublisherBoxBase.subscribeSink(_:)`): the same subscription as `subscribe(sink)`, built by specialised
// code where the erased chain's types were concrete.
extension AnyPublisher {
    /// Attaches a subscriber with closure-based behavior; it requests an unlimited number of values.
    @inlinable
    public func sink(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                     receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        box.subscribeSink(sink)
        return AnyCancellable(sink)
    }
}

extension AnyPublisher where Failure == Never {
    /// Attaches a subscriber with closure-based behavior to a publisher that never fails.
    @inlinable
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}
