import ReactiveBridgeAtomics
import ReactiveBridgePrimitives

/// The base of every operator's observable: one `Producer` subclass per operator, one `Sink` per
/// subscription. `subscribe` builds the sink chain from the subscriber back to the source.
///
/// Subscriptions made while no `CurrentThreadScheduler` trampoline runs on this thread start one, so that
/// recursive subscriptions (e.g. `concat`, `repeat`) do not grow the stack without bound, as in RxSwift.
@usableFromInline
class Producer<Element>: Observable<Element>, @unchecked Sendable {
    @usableFromInline
    override init() { super.init() }

    /// `subscribe(_:)` below takes a `SubscribeObserver`'s subscription as its sink's link; a subclass that
    /// overrides `subscribe(_:)` without calling it overrides this too.
    override var linksClosureSubscriber: Bool { true }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        if !CurrentThreadScheduler.isScheduleRequired {
            return subscribeNow(observer)
        }
        // Same as scheduling `subscribeNow` on `CurrentThreadScheduler.instance`, without an escaping
        // closure (an allocation per top-level subscribe).
        return CurrentThreadScheduler.runAsTrampoline { subscribeNow(observer) }
    }

    /// `subscribe(_:)` without the trampoline: for a producer that stands for a subject, which RxSwift does not
    /// trampoline (`NodeDeliveringSerialSourceProducer`).
    @inline(__always)
    final func subscribeNow<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        if ObserverNode.isNodeType(Observer.self) {
            // A metatype check, then a reinterpretation of the (single-reference) value, as in
            // `LaneHandle(of:)`.
            let node = unsafeBitCast(observer, to: Unmanaged<ObserverNode>.self)
            if node._withUnsafeGuaranteedRef({ $0.dropsSubscriptionOnDispose }) {
                // The subscriber drops what it gets here once it disposes or its sequence ends: the sink is
                // the disposable it receives (no `SinkLink`; see `ObserverNode.dropsSubscriptionOnDispose`).
                if let sink = runNode(node, cancel: nil) { return sink }
                let (sink, subscription) = run(observer, cancel: nil)
                sink.attachUpstream(consume subscription)
                return sink
            }
            if node._withUnsafeGuaranteedRef({ $0.hasOwnLink }), let link = node._withUnsafeGuaranteedRef({ $0.claimOwnLink() }) {
                // The subscriber's own object (`ClosureSubscription`) is the link.
                if let sink = runNode(node, cancel: link) {
                    link.attach(sink)
                    return LinkedToSubscriber()
                }
                let (sink, subscription) = run(observer, cancel: link)
                sink.attachUpstream(consume subscription)
                link.attach(sink)
                return LinkedToSubscriber()
            }
            // Any other node (a share's connection, an observer subscribed a second time, the bridge's
            // Rx → Combine subscription): a plain link, below, unless the producer's sink is made for nodes.
            let link = SinkLink()
            if let sink = runNode(node, cancel: link) {
                link.attach(sink)
                return link
            }
            return subscribeLinked(observer, link)
        }
        return subscribeLinked(observer, SinkLink())
    }

    /// `subscribeNow` with a plain `SinkLink`, which the subscriber receives.
    @inline(__always)
    private func subscribeLinked<Observer: ObserverType>(_ observer: Observer, _ link: SinkLink) -> Disposable where Observer.Element == Element {
        // Destructured at once: destroying the tuple as a whole goes through its generic value witness.
        let (sink, subscription) = run(observer, cancel: link)
        sink.attachUpstream(consume subscription)
        link.attach(sink)
        return link
    }

    /// Creates the sink for `observer`, subscribes upstream, and returns both. `subscribeNow` hands the
    /// returned subscription to the sink (`SinkBase.attachUpstream`), which disposes it when the sink is
    /// disposed (a sink disposes itself when it terminates). The sink then calls `cancel?.sinkDisposed()`,
    /// which releases it from its link; `cancel` is `nil` when the subscriber takes the sink itself as its
    /// disposable. Overrides make the subscription first and then the tuple
    /// (`let subscription = source.subscribe(sink); return (sink, subscription)`), so that `sink` moves into
    /// the tuple instead of being retained for it and released after.
    func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        preconditionFailure("Producer.run(_:cancel:) is abstract: override it in the operator's Producer subclass.")
    }

    /// For a producer whose sink manages its own upstream (`_serialSource`'s, when the observer is one of
    /// RxKit's nodes): makes and subscribes that sink for `node` (the observer `subscribe` was given, known
    /// to be a node), or returns `nil`, as this default does, for `run(_:cancel:)` to do it. Non-generic, so
    /// the override needs no second metatype check of the observer, and returns no subscription to attach
    /// (the sink disposes its upstream itself). Every other producer pays one virtual call per subscription.
    func runNode(_ node: Unmanaged<ObserverNode>, cancel: SinkLink?) -> SinkBase? {
        nil
    }
}

/// The non-generic root of RxKit's sinks (and of the closure subscriber's observer). It exists so that a
/// sink can find its observer's element lane with a cheap class cast (`observer as? ObserverNode`), not a
/// protocol-conformance cast (several hundred instructions, paid per sink per subscription).
///
/// An implementation detail of RxKit, not API: it is `open` only so that RxCombineBridge's subscription can
/// be a node (subjects then call it unretained, as RxKit's own observers), and Swift lets another module
/// subclass only an `open` class. Its initialisers are `package` or internal, so nothing outside this
/// package can subclass it; the two lanes the bridge overrides (`onNextElement(at:)`, `onTerminal(_:)`)
/// are `open`, everything else is internal or `package`.
open class ObserverNode: @unchecked Sendable {
    /// A sink's "disposed" and "attached" bits (see `SinkBase`), or a subject hub's delivery state
    /// (`SubjectHub`, which is a node so that a share's connection can be both the source's observer and its
    /// subscribers' hub); read and written only atomically through `InlineWord`. It must stay the first stored property of this root
    /// class (see `InlineWord`). Inline, it costs no allocation.
    private var stateWord = InlineWord.sentinel
    /// Whether this node takes elements through `onNextElement(at:)` (its element lane): set in the
    /// `init` of every node class that overrides it. A flag rather than a conformance to the internal
    /// `ElementLane`, so a node class may be `@usableFromInline` (`SubscribeObserver`, made in the
    /// caller's specialised code by the `@inlinable` `subscribe(onNext:…)`).
    @exclusivity(unchecked) final var hasElementLane = false

    init() {
        InlineWord.initialize(self)
    }

    /// A node that takes elements (`onNextElement(at:)`) and terminal events (`onTerminal(_:)`) through its
    /// lanes, as `elementLane` and `terminalLane` say: for a subclass in another module (the bridge's),
    /// whose own stores to the two flags would be checked for exclusive access at run time (the
    /// `@exclusivity(unchecked)` on them applies to RxKit's code only).
    init(elementLane: Bool, terminalLane: Bool) {
        InlineWord.initialize(self)
        hasElementLane = elementLane
        hasTerminalLane = terminalLane
    }

    /// For a `Sink`: whether it was disposed (the state word's "disposed" bit). A single load.
    /// Meaningless on other nodes (on a subject hub the word is its delivery state).
    /// (One implementation with `_sinkIsDisposedInline`, which inlinable code outside RxKit can reach.)
    @inline(__always)
    final var sinkIsDisposed: Bool { _sinkIsDisposedInline }

    /// `sinkIsDisposed`, written so that RxKit's public inlinable code (`SerialSourceObserver._onNext(at:)`,
    /// `_SerialSourceNodeSink._isClosed`, inlined into the bridge's element forwarders) can use it: that code
    /// cannot use the SPI `InlineWord`, so this repeats `InlineWord.load`'s acquiring load of the state word
    /// (the first stored property of this root class) and tests the "disposed" bit. Internal (and
    /// `@inlinable`): other modules reach it only through those accessors.
    @inlinable @inline(__always)
    final var _sinkIsDisposedInline: Bool {
        rb_atomic_load_acquire(_getUnsafePointerToStoredProperties(self).assumingMemoryBound(to: Int.self))
            & ObserverNode._sinkDisposedBit != 0
    }

    /// `SinkBase.disposedBit`, defined here so that `_sinkIsDisposedInline` can name it.
    @inlinable
    static var _sinkDisposedBit: Int { 1 }

    /// Whether this node takes terminal events through `onTerminal(_:)` (set by subclasses that override
    /// it, in their `init`).
    @exclusivity(unchecked) final var hasTerminalLane = false

    /// Whether whoever holds this node drops the disposable that subscribing it returns once the node is
    /// disposed or its sequence has ended: RxKit's sinks (the subscription is their upstream, see
    /// `SinkBase`) and the flattening sinks' inner observers (their group drops the inner's subscription).
    /// `Producer` then returns the sink itself as the disposable, without a `SinkLink`: a link exists so
    /// that a subscriber who keeps the disposable does not keep the sink chain (and the observer) alive
    /// after the subscription ends, which such a holder never does. Set in those classes' `init`.
    ///
    /// Not the closure subscriber: a sink may end its subscription without a terminal event (`skip(until:)`
    /// when the source completes first, as in RxSwift), and then only a link releases it from the
    /// `ClosureSubscription` the user keeps (the sink, through `SubscribeObserver`, holds that one: a
    /// cycle). That subscription is the link itself instead (`hasOwnLink`). Between sinks the same case
    /// only keeps the ended sink until its subscriber is disposed.
    final var dropsSubscriptionOnDispose = false

    /// Whether `claimOwnLink()` may return a link (set by `SubscribeObserver`), so that other nodes cost no
    /// call.
    final var hasOwnLink = false

    /// The 32 bits after the four flags, which would otherwise be padding before a subclass's first
    /// word-aligned property: room for a mutex of a subclass's own (`nodeMutex`) at no cost in size. It
    /// starts as a sentinel, which `setUpNodeMutex(owner:)` checks (a layout surprise stops the program
    /// instead of corrupting a property) before it initialises the mutex there. Swift code never touches
    /// it otherwise. It must stay the last stored property declared here.
    private var spareHalfWord: UInt32 = 0x5EED

    /// Where `spareHalfWord` is: after the state word (an `Int`) and the four `Bool`s.
    @inline(__always)
    private static var spareHalfWordOffset: Int { MemoryLayout<Int>.size + 4 }

    /// The mutex in the node's spare 32 bits: valid only in a node whose `init` called
    /// `setUpNodeMutex(owner:)` (the flattening sinks').
    @inline(__always)
    final var nodeMutex: MutexReference {
        MutexReference((UnsafeMutableRawPointer(InlineWord.address(of: self)) + Self.spareHalfWordOffset)
            .assumingMemoryBound(to: PlatformMutex.self))
    }

    /// Initialises `nodeMutex`, unlocked, after checking that it is where it is looked for. Once, in the
    /// `init` of a subclass that locks it; `owner` names that class in the message. The mutex holds no
    /// resource (see `MutexReference.destroy()`), so nothing is torn down in `deinit`.
    final func setUpNodeMutex(owner: StaticString) {
        let address = UnsafeMutableRawPointer(InlineWord.address(of: self)) + Self.spareHalfWordOffset
        precondition(
            MemoryLayout<PlatformMutex>.size == 4 && MemoryLayout<PlatformMutex>.alignment <= 4
                && address.load(as: UInt32.self) == 0x5EED,
            "\(owner): ObserverNode's spare 32 bits are not where the node mutex is looked for (did ObserverNode's stored properties change?)"
        )
        nodeMutex.initialize()
    }

    /// For a node that sets `hasOwnLink`: the object that will be the link of the sink subscribed with this
    /// node (see `SinkLink`), the first time it is asked; `nil` after that (an observer subscribed twice
    /// gets a plain `SinkLink` the second time).
    func claimOwnLink() -> SinkLink? {
        nil
    }

    /// `on(.completed)` (`error == nil`) or `on(.error(error))` without an `Event`: building or switching
    /// on an `Event<Element>` in unspecialised code costs a runtime metadata look-up (several hundred
    /// instructions), paid per inner sequence in `flatMap { just }` and per build in subscription-heavy
    /// code. Called only on nodes that set `hasTerminalLane`; they override it.
    open func onTerminal(_ error: Swift.Error?) {
        preconditionFailure("ObserverNode.onTerminal(_:): \(type(of: self)) has no terminal lane; only nodes that set `hasTerminalLane` may be sent terminal events this way")
    }

    /// This node's element lane as a class method, so that `LaneHandle` can call it on an unretained
    /// reference. Every node that sets `hasElementLane` overrides it (the override is also its `ElementLane`
    /// witness); on any other node it is a programming error.
    ///
    /// `open` for the bridge's subscription, which overrides it; nothing outside this package can subclass a
    /// node (its initialisers are not public). Not part of RxKit's API.
    open func onNextElement(at element: UnsafeRawPointer) {
        preconditionFailure("ObserverNode.onNextElement(at:): \(type(of: self)) has no element lane; only nodes that set `hasElementLane` may be sent elements this way")
    }
}

extension ObserverNode {
    /// Whether `Observer` is a node class (`Observer.self is ObserverNode.Type`). In unspecialised code that
    /// check is a `swift_dynamicCastMetatype` call walking the class chain (about 50 instructions, paid per
    /// subscribe and per sink); the answer for each type is remembered in a small process-wide memo
    /// (`rb_metatype_memo`), so a type seen before costs a load and a compare. A type whose slot another type
    /// took is asked about again: the memo only saves work.
    @inline(__always)
    static func isNodeType<Observer>(_: Observer.Type) -> Bool {
        let metadata = Int(bitPattern: ObjectIdentifier(Observer.self))
        // Metadata is at least 8-byte aligned: the low 3 bits say nothing, the next 4 pick the slot.
        let slot = metadata &>> 3
        let remembered = rb_metatype_memo_load(slot)
        if remembered | 1 == metadata | 1 { return remembered & 1 != 0 }
        let isNode = Observer.self is ObserverNode.Type
        rb_metatype_memo_store(slot, metadata | (isNode ? 1 : 0))
        return isNode
    }
}

/// An observer's element lane (see `ElementLane`), held without a reference count and called without
/// retaining it: the holder also holds the observer strongly (as `Sink.observer` or a closure over it),
/// which keeps the lane alive. Loading an `unowned(unsafe)` existential and calling it costs a
/// retain/release pair per element (about 40 instructions per operator hop); RxKit's own nodes are
/// called here through `Unmanaged` with a class-method call instead. Other lanes (the bridge's, user
/// types') keep the existential path.
struct LaneHandle {
    /// Read by `SerialSourceObserver`, which keeps it.
    let node: Unmanaged<ObserverNode>?
    private unowned(unsafe) let other: ElementLane?

    /// The lane of `observer`, if it has one. Only call where the element type that will be sent is
    /// statically `Observer.Element` (see `ElementLane`).
    @inline(__always)
    init<Observer: ObserverType>(of observer: Observer) {
        // A metatype check, then a reinterpretation of the (single-reference) value: in unspecialised code
        // `observer as? ObserverNode` is a full `swift_dynamicCast` (about 175 instructions per sink).
        if ObserverNode.isNodeType(Observer.self) {
            let node = unsafeBitCast(observer, to: Unmanaged<ObserverNode>.self)
            self.node = node._withUnsafeGuaranteedRef { $0.hasElementLane } ? node : nil
            other = nil
        } else {
            node = nil
            other = observer.elementLane
        }
    }

    /// The lane of `node`, an RxKit node observer (its element lane, if it has one). The element type that
    /// will be sent must be the node's.
    @inline(__always)
    init(node: borrowing ObserverNode) {
        self.node = node.hasElementLane ? Unmanaged.passUnretained(node) : nil
        other = nil
    }

    /// No lane.
    init() {
        node = nil
        other = nil
    }

    /// The observer itself, when it is an RxKit node that takes both elements and terminal events through
    /// its lanes (so it needs no `on(_:)` closure to be kept for it).
    var nodeWithTerminalLane: ObserverNode? {
        guard let node else { return nil }
        let object = node.takeUnretainedValue()
        return object.hasTerminalLane ? object : nil
    }

    /// Whether this is "no lane".
    @inline(__always)
    var isEmpty: Bool { node == nil && other == nil }

    /// Sends `element` down the lane (it must be of the type the handle was made for) and returns true;
    /// returns false, sending nothing, when there is no lane.
    @inline(__always)
    func send<Element>(_ element: Element) -> Bool {
        if node != nil {
            // A local copy passed with `&` (inout-to-pointer): see `ElementLane.send`.
            var value = element
            return send(typed: &value)
        }
        if let other {
            other.send(element)
            return true
        }
        return false
    }

    /// Sends a terminal event (`nil`: completion) down the observer's terminal lane (see
    /// `ObserverNode.onTerminal`) and returns true; returns false, sending nothing, when it has none.
    @inline(__always)
    func sendTerminal(_ error: Swift.Error?) -> Bool {
        guard let node else { return false }
        return node._withUnsafeGuaranteedRef { node in
            guard node.hasTerminalLane else { return false }
            node.onTerminal(error)
            return true
        }
    }

    /// Sends the element at `element` down the lane; returns false, sending nothing, when there is none.
    @inline(__always)
    func send<Element>(typed element: UnsafePointer<Element>) -> Bool {
        send(at: UnsafeRawPointer(element))
    }

    /// `send(typed:)` with the pointer already raw; it must point to a value of the type the handle was
    /// made for.
    @inline(__always)
    func send(at element: UnsafeRawPointer) -> Bool {
        if let node {
            node._withUnsafeGuaranteedRef { $0.onNextElement(at: element) }
            return true
        }
        guard let other else { return false }
        other.onNextElement(at: element)
        return true
    }
}

/// One operator's per-subscription state. `forwardOn` is the only way events go downstream, and it
/// enforces that nothing is delivered after the sink is disposed.
///
/// A sink that takes its source's elements through the element lane is an `ElementSink`, which sets
/// `hasElementLane` so that the sink upstream of it finds the lane.
///
/// `@usableFromInline` (with the flattening sinks below it) so that `flatMap` and `flatMapLatest` can make
/// their sink for a node observer in the caller's specialised code (see `NodeSinkProducer`).
@usableFromInline
class Sink<Observer: ObserverType>: SinkBase, @unchecked Sendable {
    private let resourceTracking = ResourceTracking()
    final let observer: Observer
    /// The observer's element lane, if it has one (see `ElementLane`). It is the observer object itself
    /// (or one it holds), which `observer` keeps alive; not retained, so forwarding an element does not
    /// retain and release it (two atomic operations per hop).
    private let lane: LaneHandle

    init(observer: Observer, cancel: SinkLink?) {
        self.observer = observer
        lane = LaneHandle(of: observer)
        super.init(cancel: cancel)
    }

    /// A sink whose observer's lane the caller found already: `observer` must hold the object `lane`
    /// leads to (a `NodeObserver` and its node's lane). `consuming`, so that the observer moves down the
    /// `init` chain: in unspecialised code a copy and a destroy each go through its value witnesses.
    init(observer: consuming Observer, lane: LaneHandle, cancel: SinkLink?) {
        self.observer = observer
        self.lane = lane
        super.init(cancel: cancel)
    }

    /// Whether `dispose()` has run (a single acquire load).
    @inline(__always)
    private final var disposedFlagIsSet: Bool { InlineWord.load(self) & SinkBase.disposedBit != 0 }


    /// Delivers `event` downstream unless this sink was disposed.
    @inline(__always)
    final func forwardOn(_ event: Event<Observer.Element>) {
        if disposedFlagIsSet { return }
        observer.on(event)
    }

    /// Delivers `.next(element)` downstream unless this sink was disposed, through the observer's
    /// element lane when it has one (no `Event` is built).
    @inline(__always)
    final func forwardNext(_ element: Observer.Element) {
        if disposedFlagIsSet { return }
        if !lane.send(element) {
            forwardNextAsEvent(element)
        }
    }

    /// `forwardNext` for a sink that passes its input on unchanged, with the element at `element` (of
    /// type `Observer.Element`) handed down the lane by address: no copy of the element and no look-up
    /// of its type on the lane path (the `_serialSource` sink behind the Combine → Rx bridge).
    @inline(__always)
    final func forwardNext(at element: UnsafeRawPointer) {
        if disposedFlagIsSet { return }
        if !lane.send(at: element) {
            forwardNextAsEvent(at: element)
        }
    }

    /// `forwardNext(at:)` for an observer without an element lane; out of line so that the lane path
    /// does not look up `Observer.Element` (an associated-type look-up, a runtime call in unspecialised
    /// code, which the compiler hoisted to the top of `forwardNext(at:)`: once per element).
    @inline(never)
    private final func forwardNextAsEvent(at element: UnsafeRawPointer) {
        forwardNextAsEvent(element.assumingMemoryBound(to: Observer.Element.self).pointee)
    }

    /// `forwardNext` for an observer without an element lane; out of line so the lane path needs no
    /// `Event` metadata.
    @inline(never)
    private final func forwardNextAsEvent(_ element: Observer.Element) {
        observer.on(.next(element))
    }

    /// `forwardError(error)`, through the observer's terminal lane when it has one (no
    /// `Event` is built). Out of line so that element paths that can fail (a throwing `map` or `filter`
    /// closure) carry none of it unless they do fail.
    @inline(never)
    final func forwardError(_ error: Swift.Error) {
        forwardTerminalWithoutEvent(error)
    }

    /// `forwardCompleted()`, through the observer's terminal lane when it has one (no `Event`
    /// is built).
    final func forwardCompleted() {
        forwardTerminalWithoutEvent(nil)
    }

    private final func forwardTerminalWithoutEvent(_ error: Swift.Error?) {
        if !disposedFlagIsSet && !lane.sendTerminal(error) {
            forwardTerminalAsEvent(error)
        }
        dispose()
    }

    @inline(never)
    private final func forwardTerminalAsEvent(_ error: Swift.Error?) {
        if let error {
            observer.on(.error(error))
        } else {
            observer.on(.completed)
        }
    }

    /// Delivers a terminal event without looking at or setting the disposed flag: for a sink that closed
    /// itself first (`closeForDisposal()`) and disposes after (`finishDisposal(_:)`).
    final func deliverTerminalAfterClosing(_ error: Swift.Error?) {
        if !lane.sendTerminal(error) {
            forwardTerminalAsEvent(error)
        }
    }

    /// Delivers a terminal event and disposes the subscription (and upstream) right after.
    final func forwardTerminal(_ event: Event<Observer.Element>) {
        forwardOn(event)
        dispose()
    }

    /// Whether this sink has been disposed.
    final var isDisposed: Bool { disposedFlagIsSet }
}

/// The non-generic part of `Sink`: the upstream subscription, the subscription's `SinkLink` (if any) and
/// `dispose()`. A sink is handed around as a `Disposable` (the subscriber may receive it); with the
/// conformance declared here, on a non-generic class, that existential's witness table is a static one, not
/// instantiated at run time for each generic sink type (`swift_getWitnessTable`, ~110 instructions per
/// subscription per operator).
///
/// Lock-free, RxSwift's `SinkDisposer` idea, in the sink's own inline state word: a "disposed" bit (the
/// sink's disposed flag) and an "attached" bit. `attachUpstream` stores the upstream subscription and then
/// sets "attached"; `dispose` sets "disposed". Whichever of the two comes second (it sees the other's bit)
/// disposes the upstream subscription, so exactly one thread touches it after it is published, and the
/// word's acquire/release orders those accesses.
///
/// `open` only so that RxCombineBridge's Combine → Rx subscription can be a sink of its own
/// (`_SerialSourceNodeSink`, which it subclasses; Swift lets another module subclass only an `open`
/// class): its initialiser is internal and the members the bridge uses are `package`, so nothing outside
/// this package can subclass it or call them. Not part of RxKit's API.
open class SinkBase: ObserverNode, Disposable, @unchecked Sendable {
    static var disposedBit: Int { ObserverNode._sinkDisposedBit }
    static let attachedBit = 2
    /// Set by `disposeUpstreamEarly()`: the upstream subscription goes (or went) before the sink is disposed.
    static let upstreamReleasedBit = 4
    /// The state word's bits that `SinkBase` uses; a subclass may keep a value of its own, a multiple of
    /// 8, in the others (the flattening sinks' inline mark).
    static let flagBits = 7

    /// The link the subscriber received, or `nil` when it received this sink (see
    /// `ObserverNode.dropsSubscriptionOnDispose`).
    final let cancel: SinkLink?
    /// A `DisposableSlot`, not `Disposable?`: see there.
    @exclusivity(unchecked) private final var upstream = DisposableSlot.empty

    init(cancel: SinkLink?) {
        self.cancel = cancel
        super.init()
        dropsSubscriptionOnDispose = true
    }

    /// Holds the subscription `run` returned; disposes it at once if this sink was disposed first (the
    /// source terminated during `subscribe`, or another thread disposed it).
    ///
    /// `consuming`: the caller's subscription is moved in, not copied and then destroyed (a retain and a
    /// release through value witnesses).
    final func attachUpstream(_ subscription: consuming Disposable) {
        upstream = .holding(subscription)
        let previous = InlineWord.fetchOr(self, Self.attachedBit)
        if previous & (Self.disposedBit | Self.upstreamReleasedBit) != 0 {
            // `dispose` or `disposeUpstreamEarly` came first and left the subscription to us.
            upstream.take()?.dispose()
        }
    }

    /// Disposes the upstream subscription now, or when it is attached, leaving the sink undisposed: for a
    /// sink that goes on after its source ended (a flattening sink whose inner sequences still run).
    /// Exactly one of this, `attachUpstream` and `dispose` disposes the subscription: the second of
    /// "attached" and the first of "released" and "disposed".
    final func disposeUpstreamEarly() {
        let previous = InlineWord.fetchOr(self, Self.upstreamReleasedBit)
        if previous & (Self.attachedBit | Self.disposedBit | Self.upstreamReleasedBit) == Self.attachedBit {
            upstream.take()?.dispose()
        }
    }

    /// Runs `action`, which this sink handed to a serial dispatch-queue scheduler
    /// (`SerialDispatchQueueScheduler.scheduleUncancellable(_:action:)`), on the scheduler. Overridden by
    /// the sinks that hand actions over.
    func runScheduledAction(_ action: Int) {
        preconditionFailure("SinkBase.runScheduledAction: \(type(of: self)) scheduled an action without overriding runScheduledAction(_:)")
    }

    /// Stops delivery and disposes the subscription (upstream, then the link, which releases this sink).
    /// Idempotent.
    open func dispose() {
        guard let previous = closeForDisposal() else { return }
        finishDisposal(previous)
    }

    /// The first half of `dispose()`: sets the disposed flag, so nothing more is forwarded, and returns the
    /// state word as it was, or `nil` if the flag was set already (someone else disposes). A sink that must
    /// be closed before it delivers its terminal event (`_serialSource`'s: so that a value its source sends
    /// during or after that event is dropped by the disposed check alone) calls this, delivers the event,
    /// then `finishDisposal(_:)`.
    @inline(__always)
    package final func closeForDisposal() -> Int? {
        let previous = InlineWord.fetchOr(self, Self.disposedBit)
        return previous & Self.disposedBit == 0 ? previous : nil
    }

    /// The second half of `dispose()`, for the caller that `closeForDisposal()` returned `previous` to:
    /// disposes the upstream subscription (if attached by then) and tells the link.
    package final func finishDisposal(_ previous: Int) {
        disposeUpstream(closedFrom: previous)
        cancel?.sinkDisposed()
    }

    /// The first part of `finishDisposal(_:)`: disposes the upstream subscription if it was attached and not
    /// released early, for a subclass whose `dispose()` releases more of its own before it tells the link
    /// (`cancel?.sinkDisposed()`).
    @inline(__always)
    final func disposeUpstream(closedFrom previous: Int) {
        if previous & (Self.attachedBit | Self.upstreamReleasedBit) == Self.attachedBit {
            // Moved out (`take()`), not copied and cleared: no retain/release pair.
            upstream.take()?.dispose()
        }
    }
}

/// The `Disposable` a subscriber that is not itself an RxKit node (see
/// `ObserverNode.dropsSubscriptionOnDispose`) receives from `subscribe`: it holds the sink, and disposing it
/// disposes the sink, exactly once. The sink tells it when it is disposed (`sinkDisposed()`: it disposes
/// itself when it terminates), so the link, which the subscriber may keep, stops holding the sink chain, and
/// with it the observer, once the subscription ends.
///
/// Lock-free like `SinkBase`: `attach` stores the sink and sets "attached", `dispose` sets "disposed", and
/// whichever comes second disposes and releases the sink.
///
/// Not final: `ClosureSubscription` is the link of the sink that `subscribe(onNext:…)` subscribes (its
/// `SubscribeObserver` hands it to `Producer` as the node's `ownLink`), one object fewer per subscription.
/// It keeps this class's state word, adding its own bits above these two.
@usableFromInline
class SinkLink: Cancelable, @unchecked Sendable {
    static let disposedBit = 1
    static let attachedBit = 2
    /// Set by `ClosureSubscription.sinkDisposed()`: the sink disposed itself and is released, while the
    /// subscription stays undisposed. Never set on a plain link.
    static let sinkReleasedBit = 4

    /// See `InlineWord`: must stay the first stored property.
    private var stateWord = InlineWord.sentinel
    private let resourceTracking = ResourceTracking()
    @exclusivity(unchecked) final var sink: SinkBase?

    init() {
        InlineWord.initialize(self)
    }

    @usableFromInline
    var isDisposed: Bool { InlineWord.load(self) & Self.disposedBit != 0 }

    /// Holds the subscription's sink; disposes and releases it at once if the link was disposed, or the sink
    /// reported its disposal (`ClosureSubscription`), first.
    final func attach(_ sink: SinkBase) {
        self.sink = sink
        let previous = InlineWord.fetchOr(self, Self.attachedBit)
        precondition(previous & Self.attachedBit == 0, "SinkLink.attach called twice")
        if previous & (Self.disposedBit | Self.sinkReleasedBit) != 0 {
            // `dispose` (or `sinkDisposed`) came first and left the sink to us. Disposing it again is
            // harmless when it disposed itself.
            self.sink.take()?.dispose()
        }
    }

    /// Called by the sink when it is disposed (by this link or by itself, on termination): releases it.
    func sinkDisposed() {
        dispose()
    }

    @usableFromInline
    func dispose() {
        let previous = InlineWord.fetchOr(self, Self.disposedBit)
        guard previous & Self.disposedBit == 0, previous & Self.attachedBit != 0 else { return }
        sink.take()?.dispose()
    }
}

/// What `Producer` returns when the subscriber's own object is the sink's link (`ObserverNode.ownLink`):
/// that object already holds the sink, so there is nothing else to dispose. An empty value, so returning
/// it costs no allocation or reference count; `ClosureSubscription.attach` recognises its type.
@usableFromInline
struct LinkedToSubscriber: Disposable {
    @usableFromInline
    func dispose() {}
}
