/// The base of the sinks that flatten a sequence of sequences (`FlatMapSink`: `flatMap`, `flatMapFirst`,
/// `concatMap`, `merge`, `concat()`; `SwitchLatestSink`: `flatMapLatest`, `switchLatest`). It owns what
/// they share: the outer drain and the inline delivery of inner events.
///
/// Every event, from the source or from an inner sequence, is handled inside one `BoxedSerialDrain` (the
/// group's), so the state of the sink is only touched by the draining thread and downstream is never
/// called concurrently. The per-event paths build nothing generic:
/// - an element (outer or inner) arrives on the element lane; when no other thread is delivering it is
///   handled at once (`tryBegin`/`finish`), and only when the drain is busy is it queued as a (boxed)
///   `Message`;
/// - inner sequences are subscribed inside the drain with the thread marked (`InlineDelivery`, see
///   `beginInlineSubscribe()`), so what an inner sends while being subscribed (`from`, `create`) is
///   handled directly, without the drain's lock, and an inner that also ends then is never linked into
///   the group (see `InnerSubscriptions.swift`);
/// - a `just` inner is not subscribed at all: its element is read and handed on in the drain, then its
///   completion handled (`deliverIfJust(_:)`), so `flatMap { .just($0) }` builds nothing per element
///   beyond the `just` itself.
///
/// A subclass decides what an outer element does (`acceptOuter(_:)`), when the outer completion ends the
/// sequence (`completeOuter()`), which inners may still deliver (`isCurrent(_:)`) and what an inner's end
/// does (`failInner(_:_:)`, `completeInner(_:duringSubscribe:)`); it ends the sequence with `fail(_:)`,
/// `completeAll()` or `terminate(_:)`; its `run` subscribes it to the outer sequence (see `attach(outer:)`).
@usableFromInline
class FlatteningSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>:
    ElementSink<SourceElement, Observer>, InnerEventReceiver, @unchecked Sendable
    where Observer.Element == Inner.Element {
    enum Message {
        case outer(Event<SourceElement>)
        case inner(InnerSubscription, Event<Inner.Element>)
    }

    final let selector: (SourceElement) throws -> Inner
    /// The subscriptions, and the drain (and its lock) every event goes through (see `BoxedSerialDrain`).
    final let group = InnerSubscriptionGroup()
    final let inline: InlineDelivery

    // Touched only inside the drain. The flags come last, so a subclass's own flags fill the word they start.
    @exclusivity(unchecked) final var inlineThread = 0
    @exclusivity(unchecked) final var outerCompleted = false
    @exclusivity(unchecked) final var terminated = false

    init(selector: @escaping (SourceElement) throws -> Inner, observer: Observer, cancel: SinkLink?) {
        self.selector = selector
        inline = InlineDelivery(in: group)
        super.init(observer: observer, cancel: cancel)
        hasTerminalLane = true
    }

    /// A sink for `node`, an RxKit node with both lanes, observed through `NodeObserver` (see
    /// `NodeSinkProducer`).
    init(selector: @escaping (SourceElement) throws -> Inner, node: ObserverNode, cancel: SinkLink?)
        where Observer == NodeObserver<Inner.Element> {
        self.selector = selector
        inline = InlineDelivery(in: group)
        super.init(observer: NodeObserver(node: node), lane: LaneHandle(node: node), cancel: cancel)
        hasTerminalLane = true
    }

    /// Takes the subscription to the outer sequence and returns the one to hand downstream. The operator's
    /// (final) sink subscribes itself, in its `run`: subscribed from here, typed as this non-final generic
    /// class, it would have this class's metadata and witness table looked up at run time, per subscription.
    @usableFromInline @inline(__always)
    final func attach(outer subscription: consuming Disposable) -> Disposable {
        group.setOuter(subscription)
        return group
    }

    // MARK: outer events

    override final func onNextElement(_ element: SourceElement) {
        if group.tryBegin() {
            acceptOuter(element)
            group.finish(handleQueued)
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
        if inline.isCurrentThread {
            if !terminated && isCurrent(inner) {
                inline.end()
                forwardNext(at: element)
                inline.begin(inlineThread)
            }
        } else if group.tryBegin() {
            if !terminated && isCurrent(inner) {
                forwardNext(at: element)
            }
            group.finish(handleQueued)
        } else {
            submitInnerNext(element, from: inner)
        }
    }

    @usableFromInline
    final func innerError(_ error: Swift.Error, from inner: InnerSubscription) {
        if inline.isCurrentThread {
            inline.end()
            failInner(error, inner)
            inline.begin(inlineThread)
        } else {
            submit(.inner(inner, .error(error)))
        }
    }

    @usableFromInline
    final func innerCompleted(from inner: InnerSubscription) {
        if inline.isCurrentThread {
            inline.end()
            completeInner(inner, duringSubscribe: true)
            inline.begin(inlineThread)
        } else if group.tryBegin() {
            completeInner(inner, duringSubscribe: false)
            group.finish(handleQueued)
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

    // MARK: inside the drain

    private final func submit(_ message: Message) {
        if group.beginOrQueue({ QueuedMessage(message) }) {
            handle(message)
            group.finish(handleQueued)
        }
    }

    /// Handles a message another thread queued while this one was draining.
    private final func handleQueued(_ message: AnyObject) {
        handle(unsafeDowncast(message, to: QueuedMessage<Message>.self).message)
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

    /// When `inner` is `just(_:)`'s sequence, does here what subscribing it would do, with no observer and
    /// no subscription: hands its element downstream, as an inner's element during its own subscription
    /// is handled, and returns true; the caller then handles the inner's completion, again as during its
    /// subscription. Any other sequence: returns false and sends nothing. Inside the drain; the thread is
    /// not marked (`InlineDelivery`), so a re-entrant event the downstream causes is queued, as ever.
    @inline(__always)
    final func deliverIfJust(_ inner: Observable<Inner.Element>) -> Bool {
        inner.withJustElement { element in
            if !terminated { forwardNext(at: element) }
        }
    }

    /// Marks the calling thread as the one subscribing an inner sequence, inside the drain: what the inner
    /// sends meanwhile is handled directly (see `InlineDelivery`). Pair with `inline.end()` once its
    /// `subscribe` returns.
    @inline(__always)
    final func beginInlineSubscribe() {
        let thread = InlineDelivery.currentThread
        inlineThread = thread
        inline.begin(thread)
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
