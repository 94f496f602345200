import ReactiveBridgePrimitives

/// The share `asDriver(onErrorJustReturn:)` and `asSignal(onErrorJustReturn:)` make
/// (`share(replay: 1 or 0, scope: .whileConnected)` of the conversion, as in RxCocoa), merged with its
/// first connection: one object per conversion, where a `ShareWhileConnected` and its connection are two.
/// (A Driver's or Signal's `map` and `filter` make a `SharedStage`, which stays small until subscribed.) It behaves as that share does (see
/// `ShareWhileConnected`): the first subscriber connects; later ones get the latest element (with replay)
/// and what follows; when the source ends or the last subscriber leaves, the connection stops and the
/// next subscriber starts a new one, from scratch.
///
/// The node is its own first connection. Once that has stopped, it stays stopped (events a racing source
/// still sends are dropped, as by any stopped connection), and each later connection is another node of
/// the same kind (`makeConnection`), guarded by this node's lock and held by it while live (`root` is
/// this node in those).
///
/// A `SharedSequence` holds the node itself; the next operator's stage and `drive`/`emit` subscribe to it
/// directly, and `asObservable()` wraps it in a `ShareNodeObservable` for everything else.
@usableFromInline
class ShareNode<Element>: ShareConnectionBase<Element>, @unchecked Sendable {
    /// The share, in a later connection; `nil` in the share itself.
    final let root: ShareNode<Element>?
    /// In the share: whether it is its own live connection (`live`), or was (`spent`). Guarded by `lock`.
    @exclusivity(unchecked) private final var ownConnection = OwnConnection.unused
    /// In the share: the live later connection, if any. Guarded by `lock`.
    @exclusivity(unchecked) private final var laterConnection: ShareNode<Element>?

    private enum OwnConnection: UInt8 {
        case unused, live, spent
    }

    /// A share (`root` nil), guarded by a lock of its own, or a later connection of `root`, guarded by
    /// `root`'s lock.
    @usableFromInline
    init(replaysLatest: Bool, root: ShareNode<Element>?) {
        self.root = root
        super.init(sharedLock: root?.lock, replaysLatest: replaysLatest)
    }

    /// A new later connection of this share, a node of the same kind with `root` set to it. Each kind
    /// overrides it.
    func makeConnection() -> ShareNode<Element> {
        preconditionFailure("ShareNode.makeConnection is abstract: each kind overrides it.")
    }

    /// Subscribes `observer` to the live connection, making one (and connecting it after the subscription)
    /// if there is none.
    @usableFromInline
    final func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        lock.lock()
        let (connection, connects) = liveConnectionLocked()
        let subscription = connection._withUnsafeGuaranteedRef { $0.subscribeLocked(observer, unconnected: connects) }  // releases `lock`
        if connects { connection._withUnsafeGuaranteedRef { $0.connect() } }
        return subscription
    }

    /// `subscribe(_:)` for an RxKit node with both lanes: the next operator's connection, `drive`'s and `emit`'s
    /// observer (see `Observable.subscribe(shareConnection:)`).
    final func subscribe(node: ObserverNode) -> SubjectSubscription {
        lock.lock()
        let (connection, connects) = liveConnectionLocked()
        let subscription = connection._withUnsafeGuaranteedRef { $0.subscribeLocked(node: node, unconnected: connects) }  // releases `lock`
        if connects { connection._withUnsafeGuaranteedRef { $0.connect() } }
        return subscription
    }

    /// The live connection, and whether it is new (the caller subscribes, then connects it). Call on the
    /// share with `lock` held. Returned unretained: the share or its `laterConnection` holds it, and only
    /// the subscriber being added or its source, neither yet subscribed, could stop it before the
    /// subscription the caller makes holds it (see `ShareWhileConnected.newConnectionLocked`).
    @inline(__always)
    private final func liveConnectionLocked() -> (Unmanaged<ShareNode<Element>>, connects: Bool) {
        switch ownConnection {
        case .live:
            return (Unmanaged.passUnretained(self), false)
        case .unused:
            ownConnection = .live
            return (Unmanaged.passUnretained(self), true)
        case .spent:
            if let later = laterConnection { return (Unmanaged.passUnretained(later), false) }
            let made = makeConnection()
            let handle = Unmanaged.passUnretained(made)
            laterConnection = consume made
            return (handle, true)
        }
    }

    /// The stopped connection leaves its share: the share's own is spent; a later one is dropped.
    override final func detachLocked() {
        guard let root else {
            ownConnection = .spent
            return
        }
        if root.laterConnection === self { root.laterConnection = nil }
    }
}

/// A `ShareNode` as an `Observable`, for what takes a shared sequence as one (`asObservable()`): made per
/// call, it subscribes every observer to the node.
final class ShareNodeObservable<Element>: Observable<Element>, @unchecked Sendable {
    let node: ShareNode<Element>

    init(_ node: ShareNode<Element>) {
        self.node = node
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        node.subscribe(observer)
    }

    override func subscribe(shareConnection observer: ObserverNode) -> SubjectSubscription? {
        node.subscribe(node: observer)
    }
}

/// `asDriver(onErrorJustReturn:)`'s and `asSignal(onErrorJustReturn:)`'s share (and
/// `asSharedSequence(sharingStrategy:onErrorJustReturn:)`'s with their strategies): the share of
/// `upstream.observe(on: scheduler).catchAndReturn(fallback)` (see `ShareNode`), which observes `upstream`
/// and, when it fails, delivers `fallback` and completes, as a `catchAndReturn` sink feeding a share's
/// connection would (RxSwift's `catchAndReturn`
/// subscribes to `just(fallback)` at once, which sends the element and the completion before the error's
/// delivery returns); elements and the completion pass as they are. One object per conversion fewer than
/// a catch producer, its sink and a share.
///
/// When `scheduler` is a serial dispatch-queue scheduler (the main scheduler outside
/// `SharingScheduler.mock`), the node also makes the hop to it itself (`hop`); for any other scheduler
/// `upstream` is the `observe(on:)` itself and `hop` is `nil`. With a `hop` it is also the `observe(on:)` sink, two objects and a
/// subscription level fewer per conversion, in the same order as `ObserveOnSerialSink`: the source is
/// subscribed on a current-thread trampoline (as any producer's subscription is); each element is
/// delivered inline when the scheduler would run it inline (the main scheduler on the main queue with
/// nothing waiting) and otherwise handed to the queue in order (`QueueHandOff`); the terminal event is
/// always scheduled (`scheduleUncancellable`, which the main scheduler runs inline under the same rule).
/// What reaches the connection after it stopped is dropped, as the disposed sink would drop it.
@usableFromInline
final class CatchReturnShareNode<Element>: ShareNode<Element>, ObserverType, QueueHandOffReceiver, @unchecked Sendable {
    private let upstream: Observable<Element>
    /// The replacement for an error.
    private let fallback: Element
    /// The scheduler to deliver on, when the node makes the hop itself.
    private let hop: SerialDispatchQueueScheduler?
    /// Made at the first element that is not delivered inline; made and read only by the source (which
    /// never sends concurrently).
    @exclusivity(unchecked) private var handOff: QueueHandOff<CatchReturnShareNode>?

    @usableFromInline
    convenience init(upstream: Observable<Element>, observedOn scheduler: ImmediateSchedulerType, fallback: Element,
                     replaysLatest: Bool) {
        if let serial = serialDispatchQueueScheduler(scheduler) {
            self.init(upstream: upstream, hop: serial, fallback: fallback, replaysLatest: replaysLatest, root: nil)
        } else {
            self.init(upstream: upstream.observe(on: scheduler), hop: nil, fallback: fallback, replaysLatest: replaysLatest, root: nil)
        }
    }

    private init(upstream: Observable<Element>, hop: SerialDispatchQueueScheduler?, fallback: Element, replaysLatest: Bool,
                 root: ShareNode<Element>?) {
        self.upstream = upstream
        self.hop = hop
        self.fallback = fallback
        super.init(replaysLatest: replaysLatest, root: root)
    }

    override func makeConnection() -> ShareNode<Element> {
        CatchReturnShareNode(upstream: upstream, hop: hop, fallback: fallback, replaysLatest: replaysLatest, root: self)
    }

    override func subscribeToSource() -> ShareSourceSubscription? {
        let upstream = upstream
        guard hop != nil else { return subscribe(self, to: Unmanaged.passUnretained(upstream)) }
        // As `observe(on:)`'s producer subscribes its source: on a current-thread trampoline, with the
        // subscription kept once the trampoline's work has run.
        var shareSubscription: SubjectSubscription?
        var otherSubscription: Disposable?
        onCurrentThreadTrampoline {
            shareSubscription = upstream.subscribe(shareConnection: self)
            if shareSubscription == nil { otherSubscription = upstream.subscribe(self) }
        }
        if let otherSubscription { adoptSourceSubscription(otherSubscription) }
        guard let shareSubscription else { return nil }
        return ShareSourceSubscription(shareSubscription)
    }

    @usableFromInline
    func on(_ event: Event<Element>) {
        switch event {
        case .next(var element):
            receive(&element)
        case .error(let error):
            receiveTerminal(error)
        case .completed:
            receiveTerminal(nil)
        }
    }

    override func onNextElement(at element: UnsafeRawPointer) {
        receive(element.assumingMemoryBound(to: Element.self))
    }

    override func onTerminal(_ error: Swift.Error?) {
        receiveTerminal(error)
    }

    @inline(__always)
    private func receive(_ element: UnsafePointer<Element>) {
        guard let hop else {
            deliverNextElement(element)
            return
        }
        if hop.runInlineIfScheduleWould({ deliverNextElement(element) }) { return }
        scheduleNext(element.pointee)
    }

    /// An element the scheduler would not run inline: handed to its queue. Out of line, so the inline path
    /// builds no closure.
    @inline(never)
    private func scheduleNext(_ element: Element) {
        let handOff = self.handOff ?? QueueHandOff(receiver: self)
        self.handOff = handOff
        hop.unsafelyUnwrapped.dispatchHandOffItem(handOff.item(for: element))
    }

    /// A scheduled element, on the scheduler.
    @usableFromInline
    func receiveHandedOff(_ element: Element) {
        var value = element
        deliverNextElement(&value)
        hop.unsafelyUnwrapped.handOffItemRan()
    }

    /// The source's terminal event: handled at once, or, with a hop, scheduled (unless the connection has
    /// stopped, when the sink it stands in for would have been disposed).
    private func receiveTerminal(_ error: Swift.Error?) {
        guard let hop else {
            handleTerminal(error)
            return
        }
        lock.lock()
        let stopped = isStoppedLocked
        lock.unlock()
        if stopped { return }
        hop.scheduleUncancellable { [self] in handleTerminal(error) }
    }

    private func handleTerminal(_ error: Swift.Error?) {
        if error == nil {
            terminate(.completed)
        } else {
            replaceError()
        }
    }

    /// The source failed: `fallback`, then the completion.
    @inline(never)
    private func replaceError() {
        var element = fallback
        deliverNextElement(&element)
        terminate(.completed)
    }
}
