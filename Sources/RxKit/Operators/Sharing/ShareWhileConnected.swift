import ReactiveBridgePrimitives

/// `share(replay: 0 or 1, scope: .whileConnected)`: one subscription to the source while anyone is
/// subscribed, replaying the latest element (with `replay: 1`) to each new subscriber. RxSwift gives these
/// two cases their own types (`ShareWhileConnected`, `ShareReplay1WhileConnected`) instead of
/// `multicast(makeSubject:).refCount()`, because every `Driver`/`Signal` operator shares its result; the
/// behaviour is the same as the general form:
/// - the first subscriber connects (subscribes to the source) after it is registered, so it sees
///   everything the source sends during that subscription;
/// - a later subscriber gets the latest element (if any, with replay) and then what follows;
/// - when the source terminates, every subscriber gets the terminal event and the connection (and its
///   replayed element) is dropped: the next subscriber subscribes to the source again, from scratch;
/// - when the last subscriber leaves, the source subscription is disposed and the connection dropped.
///
/// One object per connection (`ShareConnection`) is the source's observer, the subscribers' hub (it is a
/// `SubjectHub`, so deliveries are serialised as a subject's are, and a replay never overlaps a live
/// event) and the holder of the latest element; it shares this observable's lock, so choosing, joining and
/// dropping a connection are atomic.
@usableFromInline
class ShareWhileConnected<Element>: Observable<Element>, @unchecked Sendable {
    // The share's mutex, inside the object (see `InlineMutex`): one allocation per share, not two. These
    // three must stay its first stored properties (`headOffset`).
    private final var mutexHead = InlineWord.sentinel
    private final var mutexStorage = PlatformMutex()
    private final var mutexTail = InlineWord.sentinel

    /// What the connections observe.
    fileprivate final let source: Observable<Element>
    fileprivate final let replaysLatest: Bool
    /// The live connection, if any. Guarded by `lock`.
    @exclusivity(unchecked) fileprivate final var connection: ShareConnectionBase<Element>?
    /// Makes a connection. Built by the `@inlinable` Driver/Signal sharing strategies in the caller's
    /// specialised code, where `ShareConnection<Element>`'s metadata comes from a cached accessor: made
    /// here, in RxKit's unspecialised code, each connection would look it up at run time (about 320
    /// instructions per connection).
    private final let makeConnection: ((ShareWhileConnected<Element>) -> ShareConnectionBase<Element>)?

    /// `Observable`'s stored properties come first: its resource tracking (a word in debug builds, none in
    /// release ones).
    private static var headOffset: Int { InlineMutex.headAfterResourceTracking }

    /// The share's lock: guards `connection` and, shared by them, every connection's hub.
    fileprivate final var lock: MutexReference { MutexReference(InlineMutex.mutex(in: self, head: Self.headOffset)) }

    @usableFromInline
    init(source: Observable<Element>, replaysLatest: Bool) {
        self.source = source
        self.replaysLatest = replaysLatest
        makeConnection = nil
        super.init()
        InlineMutex.setUp(self, head: Self.headOffset, initializing: true, owner: "ShareWhileConnected")
    }

    /// A share whose connections `makeConnection` makes (see the property).
    @usableFromInline
    init(source: Observable<Element>, replaysLatest: Bool,
         makeConnection: @escaping (ShareWhileConnected<Element>) -> ShareConnectionBase<Element>) {
        self.source = source
        self.replaysLatest = replaysLatest
        self.makeConnection = makeConnection
        super.init()
        InlineMutex.setUp(self, head: Self.headOffset, initializing: true, owner: "ShareWhileConnected")
    }

    deinit {
        InlineMutex.tearDown(self, head: Self.headOffset)
    }

    override final func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        lock.lock()
        return joinOrConnect(connection, orMake: { newConnectionLocked() }) { $0.subscribeLocked(observer, unconnected: $1) }
    }

    /// `subscribe(_:)` for another share's connection (see `Observable.subscribe(shareConnection:)`).
    override final func subscribe(shareConnection node: ObserverNode) -> SubjectSubscription? {
        lock.lock()
        return joinOrConnect(connection, orMake: { newConnectionLocked() }) { $0.subscribeLocked(node: node, unconnected: $1) }
    }

    /// Makes the live connection (there is none); the caller subscribes, then connects it. Call with
    /// `lock` held. Returned unretained: `connection` holds it, and nothing can drop it from there before
    /// the subscription the caller makes holds it too (only the subscriber being added, which has not got
    /// that subscription yet, or the source, which is not yet subscribed, could stop the connection), and
    /// that subscription lives until the caller returns it, after `connect`. (A retained reference cost a
    /// retain/release pair per subscription; a tuple of it and a "connects" flag, two more.)
    @inline(__always)
    private final func newConnectionLocked() -> Unmanaged<ShareConnectionBase<Element>> {
        let made = makeConnection?(self) ?? ShareConnection(parent: self)
        let handle = Unmanaged.passUnretained(made)
        connection = consume made
        return handle
    }
}

/// A share's subscribe step, called with the share's lock held: `subscribe` on the live connection
/// (`live`), or, with none, on the one `make` makes, which is then connected (`unconnected` tells
/// `subscribe` which: a new connection's delivery state needs no claim). `subscribe` releases the lock.
/// Inlined into each share's `subscribe` methods, so its closures cost nothing.
@inline(__always)
func joinOrConnect<Element, Subscription>(_ live: ShareConnectionBase<Element>?,
                                          orMake make: () -> Unmanaged<ShareConnectionBase<Element>>,
                                          _ subscribe: (ShareConnectionBase<Element>, _ unconnected: Bool) -> Subscription) -> Subscription {
    if let live { return subscribe(live, false) }
    let made = make()
    let subscription = made._withUnsafeGuaranteedRef { subscribe($0, true) }
    made._withUnsafeGuaranteedRef { $0.connect() }
    return subscription
}

/// One connection of a `ShareWhileConnected`: the source's observer and, being a `SubjectHub` itself
/// rather than holding one, the subscribers' hub: one allocation and one `SubjectHub<Element>` metadata
/// look-up fewer per connection than a separate hub (about 9,000 instructions less per build on R12).
/// Its state word is the hub's (the connection is no `Sink`); the hub's `resourceTracking` accounts for
/// the object, and the hub keeps the latest element (`keepsLatest`).
///
/// Per element it takes no lock: the source calls it serially, so the only other parties are
/// subscribers joining and leaving, which coordinate with the delivery through the hub's state word (see
/// `SubjectHub.claimLocked`). With one subscriber (a Driver chain's shares, mostly) an element costs two
/// compare-exchanges — begin and end the delivery — where a lock round trip and the ending
/// compare-exchange cost three read-modify-writes.
///
/// Two families: `ShareConnection`, a connection of a `ShareWhileConnected` (`parent`), which observes
/// the share's source; and `StageConnection`, a connection of a Driver's or Signal's conversion, `map` or
/// `filter` (`SharedStage`), which runs the operators' closures, and the conversion's hop and error
/// replacement, itself.
///
/// `@usableFromInline` so that the Driver/Signal operators can make it in the caller's specialised code
/// (see `ShareWhileConnected.makeConnection`); for that each kind is an `ObserverType` whose lane is the
/// `ObserverNode` one (`hasElementLane`), not a conformer of the internal `TypedElementLane`, which a
/// `@usableFromInline` class cannot adopt (its sources find its lane as a node either way).
@usableFromInline
class ShareConnectionBase<Element>: SubjectHub<Element>, @unchecked Sendable {
    // The flags come first: they fill the end of the hub's last word, so that no kind of connection takes
    // a word more for them (a Driver chain makes one connection per operator).
    /// The parent's `replaysLatest`, kept here so the per-element path does not load the parent.
    final let replaysLatest: Bool
    /// Set when the source terminated or the last subscriber left: the connection takes nothing more.
    /// Guarded by the parent's lock (the hub's); the per-element path does not read it: a stopped
    /// connection has no observers, so its delivery state has no lane and the element takes the locked path.
    @exclusivity(unchecked) private final var isStopped = false
    /// `isStopped`, for a connection kind; call with the lock held.
    final var isStoppedLocked: Bool { isStopped }
    /// The subscription to the source, once `connect` has it and until the connection stops; guarded by
    /// the lock until then, and afterwards the stopping thread's alone (`disposeSourceAfterStop`). Held here
    /// rather than in a `SingleAssignmentDisposable` (an allocation per connection), with the same
    /// semantics: a stop that comes before `connect` has it (the source ended, or the last subscriber left,
    /// during `subscribe`) leaves `connect` to dispose it.
    ///
    /// When the source is another share (a Driver chain's conversion, or a shared operator) the
    /// subscription is kept as the source's hub, retained, and this connection's key there (`sourceHub`,
    /// `sourceKey`): making, copying and destroying a `Disposable` existential goes through its type's
    /// value witnesses (about 2,000 instructions per connection).
    @exclusivity(unchecked) private final var sourceHub: Unmanaged<SubjectHubBase>?
    @exclusivity(unchecked) private final var sourceKey: UInt64 = 0
    /// Any other source's subscription, boxed: only a chain's first connection has one, so one allocation
    /// there keeps a 40-byte existential out of every other connection (and its destroy out of every
    /// `deinit`); a reference, so the stop path tests it with one load.
    @exclusivity(unchecked) private final var otherSourceSubscription: SourceSubscriptionBox?

    /// A connection guarded by `sharedLock`, its share's.
    init(sharedLock: MutexReference, replaysLatest: Bool) {
        self.replaysLatest = replaysLatest
        super.init(sharedLock: sharedLock, sendsWithoutLock: true, keepsLatest: replaysLatest)
        setUpLanes()
    }

    deinit {
        // A connection released without having stopped (its source's hub let it go when the source went
        // away) drops the reference its source subscription holds, as a `SubjectSubscription` would.
        if let sourceHub { sourceHub.release() }
    }

    @inline(__always)
    private final func setUpLanes() {
        hasElementLane = true
        // Terminal events come through `onTerminal` too, so a source's sink sends them without building
        // an `Event`, and a subject keeps the connection as its own entry (no `on(_:)` closure for it).
        hasTerminalLane = true
        // It drops the source subscription when it stops (the source ended or the last subscriber left:
        // `stopLocked`), so a source that is an RxKit operator returns its sink as the subscription, with no
        // `SinkLink` (see `ObserverNode.dropsSubscriptionOnDispose`).
        dropsSubscriptionOnDispose = true
    }

    /// Subscribes this connection to what it observes: returns the subscription when that is another
    /// share (`Observable.subscribe(shareConnection:)`); otherwise subscribes through `subscribe(_:)`, hands
    /// the subscription to `adoptSourceSubscription` and returns `nil`. Each kind overrides it.
    func subscribeToSource() -> ShareSourceSubscription? {
        preconditionFailure("ShareConnectionBase.subscribeToSource is abstract: each connection kind overrides it.")
    }

    /// `subscribeToSource` for a kind that observes `upstream` as `observer` (itself). `upstream` is the
    /// share's (`parent`'s, which this connection holds), so it is borrowed for the call, unretained (a
    /// retain/release pair per connection otherwise).
    @inline(__always)
    final func subscribe<Observer: ObserverType>(_ observer: Observer, to upstream: Unmanaged<Observable<Observer.Element>>) -> ShareSourceSubscription? {
        upstream._withUnsafeGuaranteedRef { upstream in
            if let subscription = upstream.subscribe(shareConnection: self) { return ShareSourceSubscription(subscription) }
            adoptSourceSubscription(upstream.subscribe(observer))
            return nil
        }
    }

    /// Registers `observer` and replays the latest element to it. Call with the lock held; returns with
    /// it released. An RxKit node with both lanes (`subscribe(onNext:…)`'s and `drive(onNext:…)`'s
    /// observer, a sink) goes through `subscribeLocked(node:)`, so that as the first observer it is kept
    /// without an `Entry` (the last share of a Driver chain: an allocation per subscription fewer).
    final func subscribeLocked<Observer: ObserverType>(_ observer: Observer, unconnected: Bool = false) -> Disposable where Observer.Element == Element {
        // A metatype check first: `observer as? ObserverNode` is a full dynamic cast in unspecialised code.
        if ObserverNode.isNodeType(Observer.self) {
            let node = unsafeBitCast(observer, to: Unmanaged<ObserverNode>.self).takeUnretainedValue()
            if node.hasElementLane && node.hasTerminalLane { return subscribeLocked(node: node, unconnected: unconnected) }
        }
        let access = unconnected ? StateAccess.free : claimLocked()
        return subscribedLocked(addLocked(observer, access), access)
    }

    /// `subscribeLocked(_:)` for a node observer of `Element` with both lanes (another share's connection).
    /// The first such observer, with nobody delivering, is kept without an `Entry` (`addSoleNodeLocked`).
    /// `unconnected`: this connection was just made and the caller connects it next, so its source is not
    /// subscribed and nothing can be delivering: the delivery state needs no claim (two atomic operations
    /// fewer per connection; R12 makes 13).
    final func subscribeLocked(node: ObserverNode, unconnected: Bool = false) -> SubjectSubscription {
        let access = unconnected ? StateAccess.free : claimLocked()
        guard access != .deferred, isEmptyLocked else {
            return subscribedLocked(addLocked(node: node, access), access)
        }
        let key = addSoleNodeLocked(node, access)
        if replaysLatest && hasLatestElement {
            replayLatestLocked(toNode: node, access)  // releases the claim and the lock
        } else {
            releaseLocked(access)
            lock.unlock()
        }
        return SubjectSubscription(hub: self, key: key)
    }

    /// Replays the latest element to the newly added `entry` and returns its subscription (`key`). Call
    /// with the lock held and the delivery state claimed as `access`; returns with both released.
    @inline(__always)
    private final func subscribedLocked(_ added: (entry: Entry, key: UInt64), _ access: StateAccess) -> SubjectSubscription {
        replayLatestIfAnyLocked(to: added.entry, access)  // releases the claim and the lock
        // A subject's subscription: leaving removes the key, through the overridden `remove(key:)` (the last
        // subscriber out disconnects).
        return SubjectSubscription(hub: self, key: added.key)
    }

    /// Replays the latest element, if any, to the newly added `entry`. Call with the lock held and the
    /// delivery state claimed as `access`; returns with both released.
    @inline(__always)
    private final func replayLatestIfAnyLocked(to entry: Entry, _ access: StateAccess) {
        // `hasLatestElement` may be read unless another thread is delivering (`.deferred`).
        if replaysLatest && (access == .deferred || hasLatestElement) {
            replayLatestLocked(to: entry, access)  // releases the claim and the lock
        } else {
            releaseLocked(access)
            lock.unlock()
        }
    }

    /// Subscribes to the source (by the subscriber that created this connection, with no lock held).
    final func connect() {
        guard let subscription = subscribeToSource() else { return }
        lock.lock()
        if isStopped {
            // Stopped during `subscribe`: the stop found no subscription to dispose, so it is done here.
            lock.unlock()
            subscription.dispose()
            return
        }
        sourceHub = subscription.hub
        sourceKey = subscription.key
        lock.unlock()
    }

    /// `connect` for a source that is not a share: keeps its subscription (see `subscribeToSource`).
    @inline(never)
    final func adoptSourceSubscription(_ subscription: Disposable) {
        lock.lock()
        if isStopped {
            lock.unlock()
            subscription.dispose()
            return
        }
        otherSourceSubscription = SourceSubscriptionBox(subscription)
        lock.unlock()
    }

    /// The source's terminal event (overridden by `StageConnection`, whose conversion's stage replaces an error).
    override func onTerminal(_ error: Swift.Error?) {
        if let error {
            terminate(.error(error))
        } else {
            terminate(.completed)
        }
    }

    /// Begins a delivery without the lock and, with one observer that has a lane, records the element
    /// (with replay) and hands it on, read in place: no copy of it is made on the way through (in
    /// unspecialised code each copy and destruction is a value-witness call).
    @inline(__always)
    final func deliverNextElement(_ element: UnsafePointer<Element>) {
        let me = DeliveryOwner.current
        guard beginWithoutLock(me) else {
            onNextElementLocked(element)
            return
        }
        guard hasSoleLane else {
            onNextElementToEntries(element, me)
            return
        }
        let lane = soleLane
        storeLatest(element)
        _ = lane.send(typed: element)
        endDelivery(me)
    }

    /// The calling thread is delivering (`me`), but there is no single lane: no observer (stopped), two
    /// or more, or one without a lane. Out of line.
    @inline(never)
    private final func onNextElementToEntries(_ element: UnsafePointer<Element>, _ me: Int) {
        lock.lock()
        if isStopped {
            lock.unlock()
            endDelivery(me)
            return
        }
        let observers = entries
        lock.unlock()
        var value = element.pointee
        storeLatest(&value)
        deliverNext(&value, to: observers)
        endDelivery(me)
    }

    /// A delivery is in progress (nested on this thread, or another thread's) or a lock holder has the
    /// delivery state: the element goes through the hub's locked path. Out of line.
    @inline(never)
    private final func onNextElementLocked(_ element: UnsafePointer<Element>) {
        lock.lock()
        if isStopped {
            lock.unlock()
            return
        }
        broadcastNextLocked(element.pointee, entries)  // releases the lock
    }

    /// `terminate(.error(error))`, out of line: building the `Event` where the per-element path can
    /// throw (a map/filter connection's closure) made the compiler look up its metadata per element.
    @inline(never)
    final func fail(_ error: Swift.Error) {
        terminate(.error(error))
    }

    /// The source terminated: every subscriber gets `event`, and the connection is dropped.
    @inline(never)
    final func terminate(_ event: Event<Element>) {
        lock.lock()
        if isStopped {
            lock.unlock()
            return
        }
        let access = claimLocked()
        stopLocked(access)
        let observers = entries
        _ = removeAllLocked(access)  // `observers` keeps them until the broadcast, which releases the lock
        releaseLocked(access)
        broadcastLocked(event, observers)  // releases the lock
        disposeSourceAfterStop()
    }

    /// A subscriber left; the last one out disconnects.
    override final func remove(key: UInt64) {
        lock.lock()
        let access = claimLocked()
        // Released after the lock is (see `RemovedObservers`).
        let removed = removeLocked(key: key, access)
        guard !isStopped, isEmptyLocked else {
            releaseLocked(access)
            lock.unlock()
            withExtendedLifetime(removed) {}
            return
        }
        stopLocked(access)
        releaseLocked(access)
        lock.unlock()
        withExtendedLifetime(removed) {}
        disposeSourceAfterStop()
    }

    /// Stops taking events, forgets the latest element and detaches from the parent, so the next
    /// subscriber starts a new connection. The caller then disposes the source subscription with no lock
    /// held (`disposeSourceAfterStop`). Call with the lock held and the delivery state claimed as `access`.
    private final func stopLocked(_ access: StateAccess) {
        isStopped = true
        dropLatestLocked(access)
        detachLocked()
    }

    /// Detaches the stopped connection from its share, so that the next subscriber starts a new one. Call
    /// with the lock held. Each kind overrides it.
    func detachLocked() {
        preconditionFailure("ShareConnectionBase.detachLocked is abstract: each connection kind overrides it.")
    }

    /// Disposes the source subscription, if `connect` stored it, and lets it go: called once, by the
    /// thread that stopped the connection, after releasing the lock. Only that thread touches the property
    /// after the stop (`connect` stores nothing in a stopped connection: it disposes its subscription
    /// itself), so no lock is needed. In place: taking it out of the property (`take()`) copied the
    /// existential through its type's value witnesses before the call (R12, once per level).
    @inline(__always)
    private final func disposeSourceAfterStop() {
        if let hub = sourceHub {
            sourceHub = nil
            ShareSourceSubscription(hub: hub, key: sourceKey).dispose()
        } else if let box = otherSourceSubscription {
            otherSourceSubscription = nil
            box.subscription.dispose()
        }
    }
}

/// A connection's subscription to a source that is not a share (see `otherSourceSubscription`).
final class SourceSubscriptionBox {
    let subscription: Disposable

    init(_ subscription: Disposable) {
        self.subscription = subscription
    }
}

/// The connection of a share of its source as it is (`share(replay:scope: .whileConnected)`, and a
/// Driver or Signal made from an observable).
@usableFromInline
final class ShareConnection<Element>: ShareConnectionBase<Element>, ObserverType, @unchecked Sendable {
    /// The share this is a connection of.
    private let parent: ShareWhileConnected<Element>

    @usableFromInline
    init(parent: ShareWhileConnected<Element>) {
        self.parent = parent
        super.init(sharedLock: parent.lock, replaysLatest: parent.replaysLatest)
    }

    override func detachLocked() {
        if parent.connection === self { parent.connection = nil }
    }

    override func subscribeToSource() -> ShareSourceSubscription? {
        subscribe(self, to: Unmanaged.passUnretained(parent.source))
    }

    @usableFromInline
    func on(_ event: Event<Element>) {
        switch event {
        case .next(var element):
            deliverNextElement(&element)
        case .error, .completed:
            terminate(event)
        }
    }

    override func onNextElement(at element: UnsafeRawPointer) {
        deliverNextElement(element.assumingMemoryBound(to: Element.self))
    }
}
