import ReactiveBridgePrimitives

extension Subscribers {
    /// A simple subscriber that assigns received elements to a property indicated by a key path.
    /// It keeps a strong reference to `object` until the stream completes or is cancelled.
    public final class Assign<Root, Input>: Subscriber, Cancellable, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
        public typealias Failure = Never

        /// The object that contains the property to assign (`nil` after completion or cancellation).
        public private(set) var object: Root?
        /// The key path that indicates the property to assign.
        public let keyPath: ReferenceWritableKeyPath<Root, Input>

        private let lock = Lock()
        @exclusivity(unchecked) private var status = SubscriptionStatus.awaitingSubscription

        /// Creates a subscriber to assign the value of a property indicated by a key path.
        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            self.object = object
            self.keyPath = keyPath
        }

        public var description: String { "Assign \(Root.self)." }
        public var customMirror: Mirror {
            Mirror(self, children: ["object": object as Any, "keyPath": keyPath, "status": status])
        }
        public var playgroundDescription: Any { description }

        public func receive(subscription: Subscription) {
            lock.lock()
            guard case .awaitingSubscription = status else {
                lock.unlock()
                subscription.cancel()
                return
            }
            status = .subscribed(subscription)
            lock.setSubscribedFlag(true)
            lock.unlock()
            subscription.request(.unlimited)
        }

        public func receive(_ value: Input) -> Subscribers.Demand {
            lock.lock()
            guard case .subscribed = status, let object = object else {
                lock.unlock()
                return .none
            }
            lock.unlock()
            object[keyPath: keyPath] = value
            return .none
        }

        public func receive(completion: Subscribers.Completion<Never>) {
            lock.lock()
            guard case .subscribed = status else {
                lock.unlock()
                return
            }
            status = .terminal
            lock.setSubscribedFlag(false)
            let released = object
            object = nil
            lock.unlock()
            _ = released
        }

        public func cancel() {
            lock.lock()
            let subscription = status.subscription
            status = .terminal
            lock.setSubscribedFlag(false)
            let released = object
            object = nil
            lock.unlock()
            subscription?.cancel()
            _ = released
        }
    }
}

extension Publisher where Failure == Never {
    /// Assigns each element from a publisher to a property on an object (held strongly until the
    /// subscription ends).
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        let subscriber = Subscribers.Assign(object: object, keyPath: keyPath)
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}
