import CombineKit
import ReactiveBridgePrimitives

/// A subject that replays up to `bufferSize` of its most recent values to every new subscriber, then
/// relays live values (RxSwift's `ReplaySubject.create(bufferSize:)`; named so that it does not clash
/// with RxKit's `ReplaySubject` in files that import both).
///
/// Demand: each subscriber has its own queue, fed with the replayed values and then every live value;
/// values are delivered only as that subscriber demands, and none is dropped — not for lack of demand
/// (unlike CombineKit's `PassthroughSubject`, which drops, this keeps RxSwift's "every subscriber
/// sees every value" at the cost of an unbounded per-subscriber backlog), and not on completion: the
/// completion is delivered after the values queued before it. A subscriber that arrives after the
/// completion gets the buffer and then the completion, as in RxSwift.
///
/// Lifetime: as with Combine's subjects, a subscription holds its subject until it is cancelled or let go.
public final class ReplayingSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    private typealias Conduit = ReplayingSubjectConduit<Output, Failure>

    // Kept free of generic structs (see `CompletionBox`), so that creating, subscribing to and
    // destroying a subject costs no runtime metadata look-ups: the buffer is made on the first value
    // kept, the completion is boxed, and the conduits are held as `AnyObject`s (every element is a
    // `Conduit`). The mutable properties are guarded by `lock`, which is what excludes conflicting
    // accesses, so the compiler's dynamic exclusivity checks (a runtime call per access) are off.
    // The lock is kept in the object (one heap block less per subject): `lockStorage` must stay the first
    // stored property (see `InlineLockStorage`).
    private var lockStorage = InlineLockStorage()
    private let bufferSize: Int
    @exclusivity(unchecked) private var buffer: ValueRing<Output>?
    /// The completion once sent, a `CompletionBox<Failure>`.
    @exclusivity(unchecked) private var completion: AnyObject?
    /// The subscribers' conduits, under their `listKey`s: one leaving moves no other (see `SubscriberList`).
    /// No key counter beside it (see `receive(subscriber:)`): a word more would take the subject into the
    /// next malloc size class (a `share(replay:)` makes one per connection).
    @exclusivity(unchecked) private var conduits = SubscriberList()
    @exclusivity(unchecked) private var upstreamSubscriptions: [Subscription] = []

    /// Creates a subject that replays at most `bufferSize` values (`0` replays nothing).
    public init(bufferSize: Int) {
        precondition(bufferSize >= 0, "ReplayingSubject(bufferSize:) was given a negative buffer size (\(bufferSize)); pass 0 or more.")
        self.bufferSize = bufferSize
        lock.initialize()
        assert(lock.isAt(&lockStorage), "ReplayingSubject: the inline lock must be the first stored property")
    }

    deinit {
        for subscription in upstreamSubscriptions { subscription.cancel() }
        lock.destroy()
    }

    private var lock: InlineLock { InlineLock(in: self) }

    /// The values a new subscriber would be replayed now (oldest first).
    public var replayBuffer: [Output] {
        lock.withLock {
            var values: [Output] = []
            buffer?.forEach { values.append($0) }
            return values
        }
    }

    public func send(subscription: Subscription) {
        lock.withLock { upstreamSubscriptions.append(subscription) }
        subscription.request(.unlimited)
    }

    // Inlinable: where the subscriber's type is concrete (`share(replay:)`'s member), the conduit, its queue
    // and the queue's box are made with metadata from the caller's cache, not three run-time look-ups.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let conduit = ReplayingSubjectConduit(parent: self, queue: DeliveryQueue(subscriber))
        attach(conduit, as: conduit)
    }

    /// Lists a new subscriber's conduit and starts its queue with the replay (and the completion, if sent).
    /// `subscription` is the conduit as the `Subscription` handed to the subscriber, made by the caller: here
    /// the existential would need the conduit's metadata, looked up at run time.
    @usableFromInline
    internal func attach(_ conduit: ReplayingSubjectConduit<Output, Failure>, as subscription: Subscription) {
        lock.lock()
        // Seeding and registering under the subject's lock keeps the replay and the live values in
        // the order the subject saw them.
        buffer?.forEach { conduit.queue.enqueue($0) }
        if let completion {
            Self.enqueue(completion, into: conduit)
        } else {
            // A conduit leaves at most once (`DeliveryQueue.cancel`) and none joins after the completion,
            // so the key after the last listed one is safe even if a conduit that left had it.
            conduit.listKey = conduits.lastKey + 1
            conduits.append(conduit, key: conduit.listKey)
        }
        lock.unlock()
        conduit.queue.start(subscription)
        conduit.queue.drain()
    }

    /// Out of line: `receive(subscriber:)` then needs no `Completion<Failure>` metadata.
    @inline(never)
    private static func enqueue(_ completion: AnyObject, into conduit: Conduit) {
        conduit.queue.enqueue(completion: CompletionBox<Failure>.unbox(completion))
    }

    public func send(_ value: Output) {
        lock.lock()
        guard completion == nil else {
            lock.unlock()
            return
        }
        if bufferSize > 0 {
            if let buffer {
                // The oldest goes first, so a full buffer never needs room for one more.
                if buffer.count == bufferSize { _ = buffer.removeFirst() }
                buffer.append(value)
            } else {
                // Sized for the whole replay when that is small (`share(replay: 1)`: one value, not 8).
                let made = ValueRing<Output>(capacity: Swift.min(bufferSize, 8))
                made.append(value)
                buffer = made
            }
        }
        // A sole subscriber with demand and nothing waiting gets the value handed over directly (its
        // queue claimed under this lock, so the order stays the one this lock gives; no trip through
        // its buffer); otherwise every subscriber's queue takes the value under this lock.
        if conduits.count == 1 {
            let queue = unsafeDowncast(conduits.first.unsafelyUnwrapped.subscriber.unsafelyUnwrapped, to: Conduit.self).queue
            if queue.claimDelivery() {
                lock.unlock()
                queue.deliverClaimed(value)
                return
            }
        }
        let targets = conduits.slots
        Self.forEachConduit(in: targets) { $0.queue.enqueue(value) }
        lock.unlock()
        Self.forEachConduit(in: targets) { $0.queue.drain() }
    }

    public func send(completion: Subscribers.Completion<Failure>) {
        let targets: [SubscriberList.Slot] = lock.withLock {
            guard self.completion == nil else { return [] }
            self.completion = CompletionBox(completion)
            let targets = conduits.removeAll()
            upstreamSubscriptions = []
            Self.forEachConduit(in: targets) { $0.queue.enqueue(completion: completion) }
            return targets
        }
        Self.forEachConduit(in: targets) { $0.queue.drain() }
    }

    /// Calls `body` with each conduit of `targets` (a copy of the list's slots, which keeps them alive).
    @inline(__always)
    private static func forEachConduit(in targets: [SubscriberList.Slot], _ body: (Conduit) -> Void) {
        SubscriberList.forEachSubscriber(in: targets) { conduit in
            Unmanaged<Conduit>.fromOpaque(conduit.toOpaque())._withUnsafeGuaranteedRef(body)
        }
    }

    fileprivate func detach(_ conduit: ReplayingSubjectConduit<Output, Failure>) {
        let removed = lock.withLock { conduits.remove(key: conduit.listKey) }
        withExtendedLifetime(removed) {}  // released with no lock held
    }
}

/// One subscriber's subscription to a `ReplayingSubject`.
@usableFromInline
internal final class ReplayingSubjectConduit<Output, Failure: Error>: Subscription, CustomStringConvertible, @unchecked Sendable {
    let queue: DeliveryQueue<Output, Failure>
    /// Strong, as a Combine subject's subscription holds its subject: the subject and a listed conduit hold
    /// each other until the conduit leaves (`cancel`) or the subject completes (which lists none), and an
    /// unlisted conduit only holds the subject. (A weak reference would cost a side table per subscriber.)
    private let parent: ReplayingSubject<Output, Failure>
    /// The key the subject listed this conduit under: set and read under the subject's lock.
    var listKey: UInt64 = 0

    @usableFromInline
    init(parent: ReplayingSubject<Output, Failure>, queue: DeliveryQueue<Output, Failure>) {
        self.parent = parent
        self.queue = queue
    }

    @usableFromInline var description: String { "ReplayingSubject" }

    @usableFromInline func request(_ demand: Subscribers.Demand) { queue.request(demand) }

    @usableFromInline func cancel() {
        if queue.cancel() { parent.detach(self) }
    }
}
