import CombineKit
import ReactiveBridgePrimitives

/// How long `share(replay:scope:)` keeps its replay buffer and its upstream connection (RxSwift's
/// `SubjectLifetimeScope`; named so it does not clash with RxKit's).
public enum ShareReplayScope: Sendable, Equatable {
    /// While at least one subscriber is connected. When the count drops to zero the upstream is
    /// cancelled and the buffer forgotten; after upstream terminates, the next subscriber starts a
    /// new subscription to upstream with a new, empty buffer.
    case whileConnected
    /// One buffer for the life of the shared publisher. When the count drops to zero the upstream is
    /// cancelled but the buffer kept (the next subscriber gets it and reconnects); after upstream
    /// terminates, new subscribers get the buffer and the termination, and upstream is never
    /// subscribed again.
    case forever
}

extension Publisher {
    /// Shares one subscription to this publisher among all subscribers and replays the last
    /// `replay` values to each new one (RxSwift's `share(replay:scope:)`).
    ///
    /// Demand: upstream is asked for `.unlimited` (it is multicast, like Combine's `share()`); each
    /// subscriber gets the replay and the live values only as it demands them, from its own queue,
    /// and loses none (see `ReplayingSubject`). `replay` has no default so that `share()` keeps
    /// meaning CombineKit's operator.
    // Consuming, as CombineKit's operator methods: the caller's chain is moved into the shared publisher,
    // not copied (and the copy destroyed) through the nested chain's value witnesses.
    // Inlinable, as the two below: the closure that subscribes the shared connection to this publisher is
    // made here, in the caller's code, so it is specialised where the caller's chain type is concrete
    // and the whole upstream subscription runs through specialised code (see `ShareReplay.connect`).
    @inlinable
    public consuming func share(replay: Int, scope: ShareReplayScope = .whileConnected) -> Publishers.ShareReplay<Self> {
        Publishers.ShareReplay(upstream: self, replay: replay, scope: scope) { $0.receive(subscriber: $1) }
    }

    /// Shares one subscription without replay, with the given scope (RxSwift's `share(scope:)`).
    @inlinable
    public consuming func share(scope: ShareReplayScope) -> Publishers.ShareReplay<Self> {
        Publishers.ShareReplay(upstream: self, replay: 0, scope: scope) { $0.receive(subscriber: $1) }
    }
}

extension Publishers {
    /// A publisher that multicasts its upstream through a replay buffer, connecting on the first
    /// subscriber and disconnecting when the last one leaves. See `Publisher.share(replay:scope:)`.
    ///
    /// A class, like Combine's `Publishers.Share`: copies of the reference share the connection.
    public final class ShareReplay<Upstream: Publisher>: Publisher, @unchecked Sendable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The lock, kept in the object (one heap block less per shared publisher): it must stay the first
        /// stored property (see `InlineLockStorage`).
        private var lockStorage = InlineLockStorage()
        /// The shared publisher.
        public let upstream: Upstream
        /// Number of values replayed to a new subscriber.
        public let replay: Int
        /// The lifetime of the buffer and the connection.
        public let scope: ShareReplayScope

        // Guarded by `lock`, which is what excludes conflicting accesses: the compiler's dynamic
        // exclusivity checks (a runtime call per access, several per subscribe and cancel) would add
        // nothing, so they are off for these (as in CombineKit's inner objects).
        /// Subscribes a new connection to `upstream`. `share(replay:scope:)` and `share(scope:)` make it in
        /// the caller's code (specialised for a concrete `Upstream`): the upstream chain's inlinable
        /// `receive(subscriber:)` then builds its inner objects with the metadata and conformances cached
        /// in that code instead of a runtime look-up each per connection. `init(upstream:replay:scope:)`
        /// makes an unspecialised one.
        // Visible to inlinable code, as the state below, for `receive(subscriber:)`.
        @usableFromInline internal let connect: (Upstream, ShareReplayConnection<Upstream>) -> Void
        @exclusivity(unchecked) @usableFromInline internal var subject: ReplayingSubject<Output, Failure>?
        @exclusivity(unchecked) @usableFromInline internal var subjectTerminated = false
        @exclusivity(unchecked) @usableFromInline internal var connection: ShareReplayConnection<Upstream>?
        @exclusivity(unchecked) @usableFromInline internal var subscriberCount = 0

        public convenience init(upstream: Upstream, replay: Int, scope: ShareReplayScope) {
            self.init(upstream: upstream, replay: replay, scope: scope) { $0.receive(subscriber: $1) }
        }

        @usableFromInline
        internal init(upstream: Upstream, replay: Int, scope: ShareReplayScope,
                      connect: @escaping (Upstream, ShareReplayConnection<Upstream>) -> Void) {
            precondition(replay >= 0, "share(replay:scope:) was given a negative replay count (\(replay)); pass 0 or more.")
            self.upstream = consume upstream
            self.replay = replay
            self.scope = scope
            self.connect = connect
            lock.initialize()
            assert(lock.isAt(&lockStorage), "ShareReplay: the inline lock must be the first stored property")
        }

        deinit { lock.destroy() }

        @usableFromInline internal var lock: InlineLock { InlineLock(in: self) }

        // Inlinable, as `connect` is made inlinably: in the caller's code, where the chain and the subscriber
        // are concrete types, the subject, the connection and the member are made with their metadata cached
        // there instead of looked up at run time on every subscription.
        @inlinable
        public func receive<S: Subscriber>(subscriber: consuming S) where S.Input == Output, S.Failure == Failure {
            // Locked and unlocked around a straight-line block rather than in a closure returning a tuple,
            // whose generic types unspecialised code would look up at run time.
            lock.lock()
            let subject = self.subject ?? ReplayingSubject(bufferSize: replay)
            self.subject = subject
            var newConnection: ShareReplayConnection<Upstream>?
            if !subjectTerminated {
                subscriberCount += 1
                if connection == nil {
                    newConnection = ShareReplayConnection<Upstream>(parent: self, subject: subject)
                    connection = newConnection
                }
            }
            lock.unlock()
            // Subscribe first, connect second: a synchronous upstream reaches this subscriber too. Straight to
            // the subject's `receive(subscriber:)`: through the generic `subscribe(_:)` this unspecialised code
            // would look up the subject's metadata and conformances at run time.
            subject.receive(subscriber: ShareReplayMember(parent: self, subject: subject, downstream: consume subscriber))
            if let newConnection { connect(upstream, newConnection) }
        }

        /// Upstream terminated through `connection`, which is about to pass the termination to its subject.
        fileprivate func connectionTerminated(_ connection: ShareReplayConnection<Upstream>) {
            let superseded: Subscription? = lock.withLock {
                switch scope {
                case .whileConnected:
                    // The subject ends with its connection; a connection already let go (its last
                    // subscriber left) ends a subject that nobody shares any more.
                    guard self.connection === connection else { return nil }
                    self.connection = nil
                    subscriberCount = 0
                    subject = nil
                    return nil
                case .forever:
                    // The subject is for good, so it is terminated whichever connection fed it: even one
                    // let go while its termination was on the way, after a newer one had been made — that
                    // newer one is then cancelled, since nothing may reach a terminated subject.
                    guard !subjectTerminated, subject === connection.subject else { return nil }
                    subjectTerminated = true
                    subscriberCount = 0
                    defer { self.connection = nil }
                    return self.connection === connection ? nil : self.connection?.end()
                }
            }
            superseded?.cancel()
        }

        /// A subscriber of `subject` cancelled.
        fileprivate func memberLeft(subject: ReplayingSubject<Output, Failure>) {
            // The connection is ended here, under the lock, and only its upstream subscription is cancelled
            // outside: a subscriber arriving once the lock is released connects anew at once, and the old
            // connection must not be feeding the subject by then (with `.forever` both would feed the same
            // subject, and its subscribers would get a value twice).
            let toCancel: Subscription? = lock.withLock {
                guard self.subject === subject, !subjectTerminated, subscriberCount > 0 else { return nil }
                subscriberCount -= 1
                guard subscriberCount == 0 else { return nil }
                if scope == .whileConnected { self.subject = nil }
                defer { connection = nil }
                return connection?.end()
            }
            toCancel?.cancel()
        }
    }
}

/// The shared subscription to upstream: forwards everything into the subject. Visible to inlinable code
/// only as a type and its `init` (see `ShareReplay.connect` and `ShareReplay.receive(subscriber:)`).
@usableFromInline
internal final class ShareReplayConnection<Upstream: Publisher>: Subscriber, Cancellable, CustomStringConvertible, @unchecked Sendable {
    @usableFromInline typealias Input = Upstream.Output
    @usableFromInline typealias Failure = Upstream.Failure

    /// The lock, kept in the object: it must stay the first stored property (see `InlineLockStorage`).
    /// `phase` and `upstream` are guarded by it (dynamic exclusivity checks off, see `ShareReplay`).
    private var lockStorage = InlineLockStorage()
    /// Strong: the parent lets the connection go (`connection = nil`) when the last subscriber leaves or
    /// upstream terminates, and the upstream subscription it then cancels or that ended lets go of this
    /// connection, so the reference cycle ends with the connection. (A weak reference would cost a side
    /// table allocation per connection.) While connected, the subscribers hold the parent anyway.
    private let parent: Publishers.ShareReplay<Upstream>
    /// The subject this connection feeds.
    fileprivate let subject: ReplayingSubject<Input, Failure>
    @exclusivity(unchecked) private var phase = UpstreamPhase.awaitingSubscription
    /// The upstream subscription while `phase` is `.subscribed`: a `SubscriptionSlot`, not a
    /// `Subscription?`, which is copied and destroyed through the runtime's value witnesses (see there).
    @exclusivity(unchecked) private var upstream = SubscriptionSlot.empty

    @usableFromInline
    init(parent: Publishers.ShareReplay<Upstream>, subject: ReplayingSubject<Input, Failure>) {
        self.parent = parent
        self.subject = subject
        lock.initialize()
        assert(lock.isAt(&lockStorage), "ShareReplayConnection: the inline lock must be the first stored property")
    }

    deinit { lock.destroy() }

    private var lock: InlineLock { InlineLock(in: self) }

    @usableFromInline var description: String { "ShareReplay.Connection" }

    @usableFromInline func receive(subscription: Subscription) {
        lock.lock()
        guard phase == .awaitingSubscription else {
            lock.unlock()
            subscription.cancel()
            return
        }
        phase = .subscribed
        upstream = .holding(subscription)
        lock.unlock()
        subscription.request(.unlimited)
    }

    @usableFromInline func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        let active = phase == .subscribed
        lock.unlock()
        if active { subject.send(input) }
        return .none
    }

    @usableFromInline func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        guard phase == .subscribed else {
            lock.unlock()
            return
        }
        phase = .terminal
        let ended = upstream.take()
        lock.unlock()
        withExtendedLifetime(ended) {}  // released with no lock held
        // Detach first so a subscriber reacting to the completion starts a fresh connection.
        parent.connectionTerminated(self)
        subject.send(completion: completion)
    }

    @usableFromInline func cancel() {
        end()?.cancel()
    }

    /// Stops forwarding at once (the parent calls it under its own lock: this lock nests inside the
    /// parent's, never the other way round) and returns the upstream subscription for the caller to
    /// cancel outside any lock.
    fileprivate func end() -> Subscription? {
        lock.lock()
        phase = .terminal
        let subscription = upstream.take()
        lock.unlock()
        return subscription
    }
}

/// Wraps one downstream subscriber of the shared subject so that its cancellation is counted. Visible to
/// inlinable code only as a type and its `init` (see `ShareReplay.receive(subscriber:)`).
@usableFromInline
internal final class ShareReplayMember<Upstream: Publisher, Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible, @unchecked Sendable
    where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure {
    @usableFromInline typealias Input = Upstream.Output
    @usableFromInline typealias Failure = Upstream.Failure

    /// The lock, kept in the object: it must stay the first stored property (see `InlineLockStorage`).
    /// `upstream` and `ended` are guarded by it (dynamic exclusivity checks off, see `ShareReplay`).
    private var lockStorage = InlineLockStorage()
    private let parent: Publishers.ShareReplay<Upstream>
    private let subject: ReplayingSubject<Input, Failure>
    private let downstream: Downstream
    /// The subject's subscription for this member, until it ends: a `SubscriptionSlot` (see the
    /// connection's `upstream`).
    @exclusivity(unchecked) private var upstream = SubscriptionSlot.empty
    @exclusivity(unchecked) private var ended = false

    @usableFromInline
    init(parent: Publishers.ShareReplay<Upstream>, subject: ReplayingSubject<Input, Failure>, downstream: consuming Downstream) {
        self.parent = parent
        self.subject = subject
        self.downstream = consume downstream
        lock.initialize()
        assert(lock.isAt(&lockStorage), "ShareReplayMember: the inline lock must be the first stored property")
    }

    deinit { lock.destroy() }

    private var lock: InlineLock { InlineLock(in: self) }

    @usableFromInline var description: String { "ShareReplay" }

    @usableFromInline func receive(subscription: Subscription) {
        lock.lock()
        upstream = .holding(subscription)
        lock.unlock()
        downstream.receive(subscription: self)
    }

    @usableFromInline func receive(_ input: Input) -> Subscribers.Demand {
        downstream.receive(input)
    }

    @usableFromInline func receive(completion: Subscribers.Completion<Failure>) {
        // The subject hands a member its subscription before anything else (`DeliveryQueue.start`).
        guard let subscription = end() else { return }
        withExtendedLifetime(subscription) {}  // released with no lock held
        downstream.receive(completion: completion)
    }

    @usableFromInline func request(_ demand: Subscribers.Demand) {
        lock.lock()
        guard case .holding(let subscription) = upstream else {
            lock.unlock()
            return
        }
        lock.unlock()
        subscription.request(demand)
    }

    @usableFromInline func cancel() {
        guard let subscription = end() else { return }
        subscription.cancel()
        parent.memberLeft(subject: subject)
    }

    /// Ends the member, once: hands back the subject's subscription, or `nil` if it had ended already.
    private func end() -> Subscription? {
        lock.lock()
        defer { lock.unlock() }
        guard !ended else { return nil }
        ended = true
        return upstream.take()
    }
}
