import ReactiveBridgePrimitives

/// The base of the sinks that flatten a sequence of sequences (`FlatMapSink`: `flatMap`, `flatMapFirst`,
/// `concatMap`, `merge`, `concat()`; `SwitchLatestSink`: `flatMapLatest`, `switchLatest`). It owns what
/// they share: the outer drain, the inline delivery of inner events, the subscriptions and the terminal
/// paths. One object per subscription: the sink is its own drain (its mutex in `ObserverNode`'s spare
/// 32 bits, `nodeMutex`), holds the outer subscription as its upstream (`SinkBase`) and keeps the running
/// inners itself (see `InnerSubscriptions.swift`).
///
/// Every event, from the source or from an inner sequence, is handled inside the drain (`DrainState`), so the state of the sink is only touched by the draining thread and downstream is
/// never called concurrently. The per-event paths build nothing generic:
/// - an element (outer or inner) arrives on the element lane; when no other thread is delivering it is
///   handled at once (`tryBegin`/`finishDrain`), and only when the drain is busy is it queued as a
///   (boxed) `Message`;
/// - inner sequences are subscribed inside the drain with the thread marked (see
///   `beginInlineSubscribe()`), so what an inner sends while being subscribed (`from`, `create`) is
///   handled directly, without the drain's lock, and an inner that also ends then is never linked into
///   the sink's inners (see `InnerSubscriptions.swift`);
/// - a `just` inner is not subscribed at all: its element is read and handed on in the drain, then its
///   completion handled (`deliverIfJust(_:)`), so `flatMap { .just($0) }` builds nothing per element
///   beyond the `just` itself.
///
/// Disposing the sink disposes the outer subscription, then every inner, then tells the link; an inner
/// attached after that is disposed at once. The outer subscription goes earlier when the outer sequence
/// completes (`SinkBase.disposeUpstreamEarly()`).
///
/// A subclass decides what an outer element does (`acceptOuter(_:)`), when the outer completion ends the
/// sequence (`completeOuter()`), which inners may still deliver (`isCurrent(_:)`) and what an inner's end
/// does (`failInner(_:_:)`, `completeInner(_:duringSubscribe:)`); it ends the sequence with `fail(_:)`,
/// `completeAll()` or `terminate(_:)`; its `run` subscribes it to the outer sequence and returns that
/// subscription, which `Producer` attaches as the sink's upstream.
@usableFromInline
class FlatteningSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
    ElementSink<SourceElement, Observer>, InnerEventReceiver, @unchecked Sendable
    where Observer.Element == Inner.Element {
    enum Message {
        case outer(Event<SourceElement>)
        case inner(InnerSubscription, Event<Inner.Element>)
    }

    final let selector: (SourceElement) throws -> Inner

    // Guarded by `nodeMutex`: the drain's state, then the running inners (see `InnerSubscriptions.swift`).
    @exclusivity(unchecked) private final var drain = DrainState()
    /// Set once the sink is disposed: an inner attached later is disposed at once.
    @exclusivity(unchecked) final var innersDisposed = false
    /// The running inners of a merge, in subscription order (a list through the inners themselves).
    @exclusivity(unchecked) final var innerHead: InnerSubscription?
    @exclusivity(unchecked) final unowned(unsafe) var innerTail: InnerSubscription?
    /// The current inner of a switch, with its subscription in its `subscription`.
    @exclusivity(unchecked) final var currentInner: InnerSubscription?

    // Touched only inside the drain. The flags come last, so a subclass's own flags fill the word they start.
    /// The thread marked by `beginInlineSubscribe()` (also in the state word, see there).
    @exclusivity(unchecked) private final var inlineThread = 0
    @exclusivity(unchecked) final var outerCompleted = false
    @exclusivity(unchecked) final var terminated = false

    init(selector: @escaping (SourceElement) throws -> Inner, observer: Observer, cancel: SinkLink?) {
        self.selector = selector
        super.init(observer: observer, cancel: cancel)
        hasTerminalLane = true
        setUpNodeMutex(owner: "FlatteningSink")
    }

    /// A sink for `node`, an RxKit node with both lanes, observed through `NodeObserver` (see
    /// `NodeSinkProducer`). The arguments are `consuming` and move into the sink: borrowed, each would
    /// cost a retain here and a release when the caller's call returns, on every subscription.
    init(selector: consuming @escaping (SourceElement) throws -> Inner, node: consuming ObserverNode,
         cancel: consuming SinkLink?)
        where Observer == NodeObserver<Inner.Element> {
        self.selector = selector
        let lane = LaneHandle(node: node)
        super.init(observer: NodeObserver(node: node), lane: lane, cancel: cancel)
        hasTerminalLane = true
        setUpNodeMutex(owner: "FlatteningSink")
    }

    // MARK: outer events

    override final func onNextElement(_ element: SourceElement) {
        if tryBegin() {
            acceptOuter(element)
            finishDrain()
        } else {
            submitOuterNext(element)
        }
    }

    override final func onError(_ error: Swift.Error) {
        submit(.outer(.error(error)))
    }

    override final func onCompleted() {
        submit(.outer(.completed))
    }

    /// The outer sequence's end through the terminal lane: the same as `onCompleted()` / `onError(_:)`.
    /// With both lanes this sink is one of the nodes a bridged Combine source feeds through its own sink
    /// (`_SerialSourceNodeSink`) rather than the generic one.
    override final func onTerminal(_ error: Swift.Error?) {
        submit(.outer(error.map { .error($0) } ?? .completed))
    }

    @inline(never)
    private final func submitOuterNext(_ element: SourceElement) {
        submit(.outer(.next(element)))
    }

    // MARK: inner events (`InnerEventReceiver`)

    @usableFromInline
    final func innerNext(at element: UnsafeRawPointer, from inner: InnerSubscription) {
        let thread = InlineThread.current
        if isInlineThread(thread) {
            if !terminated && isCurrent(inner) {
                unmarkInline(thread)
                forwardNext(at: element)
                markInline(thread)
            }
        } else if tryBegin() {
            if !terminated && isCurrent(inner) {
                forwardNext(at: element)
            }
            finishDrain()
        } else {
            submitInnerNext(element, from: inner)
        }
    }

    @usableFromInline
    final func innerError(_ error: Swift.Error, from inner: InnerSubscription) {
        let thread = InlineThread.current
        if isInlineThread(thread) {
            unmarkInline(thread)
            failInner(error, inner)
            markInline(thread)
        } else {
            submit(.inner(inner, .error(error)))
        }
    }

    @usableFromInline
    final func innerCompleted(from inner: InnerSubscription) {
        let thread = InlineThread.current
        if isInlineThread(thread) {
            unmarkInline(thread)
            completeInner(inner, duringSubscribe: true)
            markInline(thread)
        } else if tryBegin() {
            completeInner(inner, duringSubscribe: false)
            finishDrain()
        } else {
            submitInnerCompleted(from: inner)
        }
    }

    @inline(never)
    private final func submitInnerNext(_ element: UnsafeRawPointer, from inner: InnerSubscription) {
        submit(.inner(inner, .next(element.assumingMemoryBound(to: Observer.Element.self).pointee)))
    }

    @inline(never)
    private final func submitInnerCompleted(from inner: InnerSubscription) {
        submit(.inner(inner, .completed))
    }

    // MARK: the drain (`DrainState`, on the node's mutex)

    @inline(__always)
    final func lock() {
        nodeMutex.lock()
    }

    @inline(__always)
    final func unlock() {
        nodeMutex.unlock()
    }

    /// Becomes the drainer if nobody is: on `true` the caller handles its event, then calls `finishDrain()`.
    @inline(__always)
    private final func tryBegin() -> Bool {
        lock()
        let began = drain.begin()
        unlock()
        return began
    }

    /// Ends a drain: handles what other threads queued meanwhile, in order.
    @inline(__always)
    private final func finishDrain() {
        if let first = nextQueued() { drainQueued(first) }
    }

    /// Handles `first` and every message queued after it. Out of line, so that the paths which find
    /// nothing queued do not look up `QueuedMessage<Message>`'s metadata.
    @inline(never)
    private final func drainQueued(_ first: AnyObject) {
        var message: AnyObject? = first
        while let current = message {
            handle(unsafeDowncast(current, to: QueuedMessage<Message>.self).message)
            message = nextQueued()
        }
    }

    /// `DrainState.next()` under the lock.
    @inline(__always)
    private final func nextQueued() -> AnyObject? {
        lock()
        let message = drain.next()
        unlock()
        return message
    }

    /// Handles `message` now, becoming the drainer, or, when another thread is draining, queues it (boxed)
    /// for that thread.
    private final func submit(_ message: Message) {
        lock()
        let began = drain.beginOrQueue { QueuedMessage(message) }
        unlock()
        if began {
            handle(message)
            finishDrain()
        }
    }

    private final func handle(_ message: Message) {
        switch message {
        case .outer(.next(let element)):
            acceptOuter(element)
        case .outer(.error(let error)):
            if !terminated { terminate(.error(error)) }
        case .outer(.completed):
            completeOuter()
        case .inner(let inner, .next(let element)):
            if !terminated && isCurrent(inner) { forwardNext(element) }
        case .inner(let inner, .error(let error)):
            failInner(error, inner)
        case .inner(let inner, .completed):
            completeInner(inner, duringSubscribe: false)
        }
    }

    // MARK: inside the drain

    /// When `inner` is `just(_:)`'s sequence, does here what subscribing it would do, with no observer and
    /// no subscription: hands its element downstream, as an inner's element during its own subscription
    /// is handled, and returns true; the caller then handles the inner's completion, again as during its
    /// subscription. Any other sequence: returns false and sends nothing. Inside the drain; the thread is
    /// not marked (see `beginInlineSubscribe()`), so a re-entrant event the downstream causes is queued,
    /// as ever.
    @inline(__always)
    final func deliverIfJust(_ inner: Observable<Inner.Element>) -> Bool {
        inner.withJustElement { element in
            if !terminated { forwardNext(at: element) }
        }
    }

    // MARK: the inline mark

    /// Marks the calling thread as the one subscribing an inner sequence, inside the drain: what the inner
    /// sends meanwhile on this thread is handled directly, as if queued and drained, but with no lock, no
    /// queued message and no `Event` (the draining thread is blocked in `subscribe`, so nothing else runs
    /// the sink's state). Pair with `endInlineSubscribe()` once its `subscribe` returns. The mark is
    /// cleared while the sink calls downstream, so a re-entrant event the downstream causes is queued
    /// (trampolined, never nested).
    ///
    /// The mark is the thread's id in the sink's state word, above `SinkBase`'s flags (`flagBits`): set and
    /// cleared only by the draining thread, with an atomic add and subtract that leave the flags as they
    /// are; read by any thread an inner event arrives on.
    @inline(__always)
    final func beginInlineSubscribe() {
        let thread = InlineThread.current
        inlineThread = thread
        markInline(thread)
    }

    /// Clears the mark `beginInlineSubscribe()` set.
    @inline(__always)
    final func endInlineSubscribe() {
        unmarkInline(inlineThread)
    }

    @inline(__always)
    private final func isInlineThread(_ thread: Int) -> Bool {
        InlineWord.load(self) & ~SinkBase.flagBits == thread
    }

    @inline(__always)
    private final func markInline(_ thread: Int) {
        _ = InlineWord.fetchAdd(self, thread)
    }

    @inline(__always)
    private final func unmarkInline(_ thread: Int) {
        _ = InlineWord.fetchAdd(self, -thread)
    }

    // MARK: disposal

    /// Disposes the outer subscription, then every inner (see `disposeInners()`), then tells the link.
    override final func dispose() {
        guard let previous = closeForDisposal() else { return }
        disposeUpstream(closedFrom: previous)
        disposeInners()
        cancel?.sinkDisposed()
    }

    // MARK: the operator's part (inside the drain)

    /// An element of the outer sequence.
    func acceptOuter(_ element: SourceElement) {
        preconditionFailure("FlatteningSink.acceptOuter(_:) is abstract: the operator's sink overrides it.")
    }

    /// The outer sequence completed.
    func completeOuter() {
        preconditionFailure("FlatteningSink.completeOuter() is abstract: the operator's sink overrides it.")
    }

    /// Whether `inner`'s elements still go downstream.
    func isCurrent(_ inner: InnerSubscription) -> Bool {
        preconditionFailure("FlatteningSink.isCurrent(_:) is abstract: the operator's sink overrides it.")
    }

    /// `inner` failed with `error`.
    func failInner(_ error: Swift.Error, _ inner: InnerSubscription) {
        preconditionFailure("FlatteningSink.failInner(_:_:) is abstract: the operator's sink overrides it.")
    }

    /// `inner` completed, `duringSubscribe` if while it was being subscribed.
    func completeInner(_ inner: InnerSubscription, duringSubscribe: Bool) {
        preconditionFailure("FlatteningSink.completeInner(_:duringSubscribe:) is abstract: the operator's sink overrides it.")
    }

    @inline(never)
    final func fail(_ error: Swift.Error) {
        terminate(.error(error))
    }

    @inline(never)
    final func completeAll() {
        terminate(.completed)
    }

    @inline(never)
    final func terminate(_ event: Event<Observer.Element>) {
        terminated = true
        forwardTerminal(event)
    }
}

/// The id of the calling thread for a flattening sink's inline mark (see
/// `FlatteningSink.beginInlineSubscribe()`).
enum InlineThread {
    /// Its `pthread_t`: never 0, with `SinkBase.flagBits` clear.
    @inline(__always)
    static var current: Int {
        let thread = currentThreadIdentity()
        precondition(
            thread & SinkBase.flagBits == 0 && thread != 0,
            "FlatteningSink: pthread_self() returned \(thread), which is zero or has one of its low flag bits set; the sink keeps the subscribing thread's id beside its flag bits in one word, so this platform's pthread_t cannot be that id"
        )
        return thread
    }
}
