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
            prefix.subscribe(PartSubscriber<S, ConcatenationPrefix>(inner: Inner(downstream: subscriber, suffix: suffix)))
        }
    }
}

extension Publishers.Concatenate {
    /// The downstream's subscription. The prefix and the suffix each get a subscriber of their own
    /// (`PartSubscriber`), so a late event from the finished prefix is told apart from
    /// the suffix's. As Combine's: the prefix's values count down the downstream's demand (a value beyond
    /// it is dropped), the suffix is asked for what is left and its values pass as they come; requests go
    /// to whichever part is subscribed, `.none` included.
    fileprivate final class Inner<Downstream: Subscriber>: Subscription, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Output, Downstream.Failure == Failure
    {
        private let lock = Lock()
        private let downstream: Downstream
        private var prefixStatus = SubscriptionStatus.awaitingSubscription
        private var suffixStatus = SubscriptionStatus.awaitingSubscription
        private var suffix: Suffix?
        /// The downstream's outstanding demand (what the suffix is asked for when the prefix finishes).
        private var demand = Subscribers.Demand.none

        init(downstream: Downstream, suffix: Suffix) {
            self.downstream = downstream
            self.suffix = suffix
        }

        var description: String { "Concatenate" }
        var customMirror: Mirror { Mirror(self, children: [:]) }

        func request(_ demand: Subscribers.Demand) {
            lock.lock()
            self.demand += demand
            let subscription = prefixStatus.subscription ?? suffixStatus.subscription
            lock.unlock()
            subscription?.request(demand)
        }

        func cancel() {
            lock.lock()
            let subscription = prefixStatus.subscription ?? suffixStatus.subscription
            prefixStatus = .terminal
            suffixStatus = .terminal
            let released = suffix
            suffix = nil
            lock.unlock()
            subscription?.cancel()
            // The suffix goes after the lock is released: its deinit may call back.
            withExtendedLifetime(released) {}
        }

        // MARK: prefix

        func prefixReceive(subscription: Subscription) {
            lock.lock()
            guard prefixStatus.storeIfAwaiting(subscription) else {
                lock.unlock()
                subscription.cancel()
                return
            }
            lock.unlock()
            downstream.receive(subscription: self)
        }

        func prefixReceive(_ input: Output) -> Subscribers.Demand {
            lock.lock()
            guard prefixStatus.isSubscribed, demand > 0 else {
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

        func prefixReceive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard prefixStatus.isSubscribed else {
                lock.unlock()
                return
            }
            prefixStatus = .terminal
            let suffix = self.suffix
            lock.unlock()
            switch completion {
            case .finished:
                suffix?.subscribe(PartSubscriber<Downstream, ConcatenationSuffix>(inner: self))
            case .failure:
                downstream.receive(completion: completion)
            }
        }

        // MARK: suffix

        func suffixReceive(subscription: Subscription) {
            lock.lock()
            guard suffixStatus.storeIfAwaiting(subscription) else {
                lock.unlock()
                subscription.cancel()
                return
            }
            let carried = demand
            lock.unlock()
            if carried > 0 { subscription.request(carried) }
        }

        func suffixReceive(_ input: Output) -> Subscribers.Demand {
            lock.lock()
            guard suffixStatus.isSubscribed else {
                lock.unlock()
                return .none
            }
            lock.unlock()
            return downstream.receive(input)
        }

        func suffixReceive(completion: Subscribers.Completion<Failure>) {
            lock.lock()
            guard suffixStatus.isSubscribed else {
                lock.unlock()
                return
            }
            prefixStatus = .terminal
            suffixStatus = .terminal
            lock.unlock()
            downstream.receive(completion: completion)
        }
    }

    /// The subscriber of one part (`ConcatenationPrefix` or `ConcatenationSuffix`): reports to `Inner`, and
    /// shows and identifies itself as it. The two parts' subscribers are of different types, as Combine's.
    fileprivate struct PartSubscriber<Downstream: Subscriber, Part: ConcatenationPart>: Subscriber, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Output, Downstream.Failure == Failure
    {
        typealias Input = Suffix.Output
        typealias Failure = Suffix.Failure
        let inner: Inner<Downstream>

        var combineIdentifier: CombineIdentifier { inner.combineIdentifier }
        var description: String { inner.description }
        var customMirror: Mirror { inner.customMirror }

        func receive(subscription: Subscription) {
            if Part.isPrefix { inner.prefixReceive(subscription: subscription) } else { inner.suffixReceive(subscription: subscription) }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            Part.isPrefix ? inner.prefixReceive(input) : inner.suffixReceive(input)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            if Part.isPrefix { inner.prefixReceive(completion: completion) } else { inner.suffixReceive(completion: completion) }
        }
    }
}

/// Which part of a concatenation a `PartSubscriber` serves.
private protocol ConcatenationPart {
    static var isPrefix: Bool { get }
}

private enum ConcatenationPrefix: ConcatenationPart {
    static var isPrefix: Bool { true }
}

private enum ConcatenationSuffix: ConcatenationPart {
    static var isPrefix: Bool { false }
}

extension Publishers.Concatenate.Inner: PlaygroundShowsDescription {}
extension Publishers.Concatenate.PartSubscriber: PlaygroundShowsDescription {}
