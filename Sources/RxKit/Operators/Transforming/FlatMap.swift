extension ObservableType {
    /// Projects each element to an inner sequence with `selector` and merges the elements of all inner
    /// sequences as they arrive. Completes once the source and every inner sequence have completed; an
    /// error from the source, from any inner sequence, or thrown by `selector` ends it at once and
    /// disposes everything. Same as RxSwift's `flatMap`.
    @inlinable  // the producer is then made in the caller's specialised code: no metadata look-up per build
    public func flatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source)
        -> Observable<Source.Element> {
        FlatMapProducer<Element, Source, InnerObserver<Source.Element>>(
            source: asObservable(), selector: selector, maxConcurrent: .max, ignoresElementsWhileBusy: false)
    }
}

/// The merge engine behind `flatMap`, `flatMapFirst`, `concatMap`, `merge()`, `merge(maxConcurrent:)`,
/// `concat()` and `Observable.merge`.
///
/// `InnerObs` (always `InnerObserver<Inner.Element>`) is a generic parameter so that the inlinable entry
/// points supply its metadata from the caller's cache; `run` would otherwise look it up per subscription.
@usableFromInline
final class FlatMapProducer<SourceElement, Inner: ObservableConvertibleType, InnerObs: InnerObserverType>: Producer<Inner.Element>, @unchecked Sendable
    where InnerObs.Element == Inner.Element {
    private let source: Observable<SourceElement>?
    private let initialElements: [SourceElement]
    private let selector: (SourceElement) throws -> Inner
    private let maxConcurrent: Int
    private let ignoresElementsWhileBusy: Bool

    /// Merges the inner sequences `selector` makes from `source`'s elements, at most `maxConcurrent` at a
    /// time (the others wait in arrival order).
    @usableFromInline
    init(source: Observable<SourceElement>, selector: @escaping (SourceElement) throws -> Inner,
         maxConcurrent: Int, ignoresElementsWhileBusy: Bool) {
        precondition(maxConcurrent > 0, "merge(maxConcurrent:) needs maxConcurrent > 0 (got \(maxConcurrent)): with 0 no inner sequence could ever be subscribed. Use 1 to concatenate.")
        self.source = source
        self.initialElements = []
        self.selector = selector
        self.maxConcurrent = maxConcurrent
        self.ignoresElementsWhileBusy = ignoresElementsWhileBusy
    }

    /// Merges a fixed list of sequences, all subscribed at once (`Observable.merge`).
    init(sources: [Inner]) where SourceElement == Inner {
        self.source = nil
        self.initialElements = sources
        self.selector = { $0 }
        self.maxConcurrent = .max
        self.ignoresElementsWhileBusy = false
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Inner.Element {
        let sink = FlatMapSink<SourceElement, Inner, Observer, InnerObs>(
            selector: selector, maxConcurrent: maxConcurrent, ignoresElementsWhileBusy: ignoresElementsWhileBusy,
            observer: observer, cancel: cancel)
        // Unwrapped in place, not bound with `if let` (which copies the reference), and the subscription
        // made before the tuple, so `sink` moves into it: a retain and a release fewer each per subscription.
        if source != nil {
            let subscription = sink.run(source!)
            return (sink, subscription)
        }
        let subscription = sink.run(elements: initialElements)
        return (sink, subscription)
    }
}

/// One merge subscription. Every event, from the source or from an inner sequence, is handled inside one
/// `BoxedSerialDrain`, so the state below is only touched by the draining thread and downstream is never
/// called concurrently.
///
/// The per-event paths build nothing generic:
/// - an element (outer or inner) arrives on the element lane; when no other thread is delivering it is
///   handled at once (`tryBegin`/`finish`), and only when the drain is busy is it queued as a (boxed) `Message`;
/// - inner sequences are subscribed inside the drain with the thread marked (`InlineDelivery`), so what an
///   inner sends while being subscribed (`just`) is handled directly, without the drain's lock, and an
///   inner that also completes then is never linked into the group (see `InnerSubscriptions.swift`);
/// - when an inner completes during its own subscription and another one is waiting
///   (`merge(maxConcurrent:)`, `concatMap`), the waiting one is subscribed after `subscribe` returns, in a
///   loop, so chains of synchronous inners do not grow the stack.
final class FlatMapSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType, InnerObs: InnerObserverType>:
    ElementSink<SourceElement, Observer>, InnerEventReceiver, @unchecked Sendable
    where Observer.Element == Inner.Element, InnerObs.Element == Inner.Element {
    enum Message {
        case outer(Event<SourceElement>)
        case inner(InnerSubscription, Event<Inner.Element>)
    }

    private let selector: (SourceElement) throws -> Inner
    private let maxConcurrent: Int
    private let ignoresElementsWhileBusy: Bool
    /// The subscriptions, and the drain (and its lock) every event goes through (see `BoxedSerialDrain`).
    private let group = InnerSubscriptionGroup()
    private let inline: InlineDelivery

    // Touched only inside the drain. `waitingCount` mirrors `waiting.count - waitingHead`, so the paths that
    // find nothing waiting never touch `[Inner]`. `activeCount` includes the `deferredStarts` slots: waiting
    // inners whose turn came while an inner was being subscribed, started once that `subscribe` returns.
    @exclusivity(unchecked) private var activeCount = 0
    @exclusivity(unchecked) private var outerCompleted = false
    @exclusivity(unchecked) private var terminated = false
    @exclusivity(unchecked) private var waiting: [Inner] = []
    @exclusivity(unchecked) private var waitingHead = 0
    @exclusivity(unchecked) private var waitingCount = 0
    @exclusivity(unchecked) private var deferredStarts = 0
    @exclusivity(unchecked) private var inlineThread = 0

    init(selector: @escaping (SourceElement) throws -> Inner, maxConcurrent: Int, ignoresElementsWhileBusy: Bool,
         observer: Observer, cancel: SinkLink?) {
        self.selector = selector
        self.maxConcurrent = maxConcurrent
        self.ignoresElementsWhileBusy = ignoresElementsWhileBusy
        inline = InlineDelivery(in: group)
        super.init(observer: observer, cancel: cancel)
        hasTerminalLane = true
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        group.setOuter(source.subscribe(self))
        return group
    }

    /// Behaves as if an outer sequence sent each of `elements` and completed.
    func run(elements: [SourceElement]) -> Disposable {
        for element in elements {
            onNextElement(element)
        }
        on(.completed)
        return group
    }

    // MARK: outer events

    override func onNextElement(_ element: SourceElement) {
        if group.tryBegin() {
            acceptOuter(element)
            group.finish(handleQueued)
        } else {
            submitOuterNext(element)
        }
    }

    override func onError(_ error: Swift.Error) {
        submit(.outer(.error(error)))
    }

    override func onCompleted() {
        submit(.outer(.completed))
    }

    /// The outer sequence's end through the terminal lane: the same as `onCompleted()` / `onError(_:)`.
    /// With both lanes this sink is one of the nodes a bridged Combine source feeds through its own sink
    /// (`_SerialSourceNodeSink`) rather than the generic one.
    override func onTerminal(_ error: Swift.Error?) {
        submit(.outer(error.map { .error($0) } ?? .completed))
    }

    @inline(never)
    private func submitOuterNext(_ element: SourceElement) {
        submit(.outer(.next(element)))
    }

    // MARK: inner events (`InnerEventReceiver`)

    func innerNext(at element: UnsafeRawPointer, from inner: InnerSubscription) {
        if inline.isCurrentThread {
            if !terminated && !inner.isDone {
                inline.end()
                forwardNext(at: element)
                inline.begin(inlineThread)
            }
        } else if group.tryBegin() {
            if !terminated && !inner.isDone {
                forwardNext(at: element)
            }
            group.finish(handleQueued)
        } else {
            submitInnerNext(element, from: inner)
        }
    }

    func innerError(_ error: Swift.Error, from inner: InnerSubscription) {
        if inline.isCurrentThread {
            inline.end()
            failInner(error, inner)
            inline.begin(inlineThread)
        } else {
            submit(.inner(inner, .error(error)))
        }
    }

    func innerCompleted(from inner: InnerSubscription) {
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
    private func submitInnerNext(_ element: UnsafeRawPointer, from inner: InnerSubscription) {
        submit(.inner(inner, .next(element.assumingMemoryBound(to: Observer.Element.self).pointee)))
    }

    @inline(never)
    private func submitInnerCompleted(from inner: InnerSubscription) {
        submit(.inner(inner, .completed))
    }

    // MARK: inside the drain

    private func submit(_ message: Message) {
        if group.beginOrQueue({ QueuedMessage(message) }) {
            handle(message)
            group.finish(handleQueued)
        }
    }

    /// Handles a message another thread queued while this one was draining.
    private func handleQueued(_ message: AnyObject) {
        handle(unsafeDowncast(message, to: QueuedMessage<Message>.self).message)
    }

    private func handle(_ message: Message) {
        switch message {
        case .outer(.next(let element)):
            acceptOuter(element)
        case .outer(.error(let error)):
            if !terminated { terminate(.error(error)) }
        case .outer(.completed):
            completeOuter()
        case .inner(let inner, .next(let element)):
            if !terminated && !inner.isDone { forwardNext(element) }
        case .inner(let inner, .error(let error)):
            failInner(error, inner)
        case .inner(let inner, .completed):
            completeInner(inner, duringSubscribe: false)
        }
    }

    private func acceptOuter(_ element: SourceElement) {
        if terminated || (ignoresElementsWhileBusy && activeCount > 0) { return }
        let inner: Inner
        do {
            inner = try selector(element)
        } catch {
            fail(error)
            return
        }
        if activeCount < maxConcurrent {
            activeCount += 1
            subscribeInner(inner)
        } else {
            enqueueWaiting(inner)
        }
    }

    @inline(never)
    private func completeOuter() {
        if terminated { return }
        outerCompleted = true
        group.disposeOuter()
        if activeCount == 0 { terminate(.completed) }
    }

    @inline(never)
    private func failInner(_ error: Swift.Error, _ inner: InnerSubscription) {
        if terminated || inner.isDone { return }
        inner.isDone = true
        terminate(.error(error))
    }

    @inline(never)
    private func fail(_ error: Swift.Error) {
        terminate(.error(error))
    }

    private func completeInner(_ inner: InnerSubscription, duringSubscribe: Bool) {
        if terminated || inner.isDone { return }
        inner.isDone = true
        if inner.isAttached { group.finish(inner) }
        activeCount -= 1
        if waitingCount > deferredStarts {
            activeCount += 1
            if duringSubscribe {
                deferredStarts += 1
            } else {
                subscribeInner(dequeueWaiting())
            }
        } else if outerCompleted && activeCount == 0 {
            completeAll()
        }
    }

    @inline(never)
    private func completeAll() {
        terminate(.completed)
    }

    @inline(never)
    private func enqueueWaiting(_ inner: Inner) {
        waiting.append(inner)
        waitingCount += 1
    }

    @inline(never)
    private func dequeueWaiting() -> Inner {
        let next = waiting[waitingHead]
        waitingHead += 1
        waitingCount -= 1
        if waitingCount == 0 {
            waiting.removeAll(keepingCapacity: true)
            waitingHead = 0
        }
        return next
    }

    /// Subscribes `inner` (its slot already counted in `activeCount`), then any waiting inners whose turn
    /// came meanwhile.
    private func subscribeInner(_ inner: Inner) {
        subscribeInline(inner)
        if deferredStarts > 0 { startDeferred() }
    }

    @inline(never)
    private func startDeferred() {
        while deferredStarts > 0 {
            deferredStarts -= 1
            let next = dequeueWaiting()
            if terminated { continue }
            subscribeInline(next)
        }
    }

    private func subscribeInline(_ inner: Inner) {
        let observer = InnerObs(receiver: self)
        let thread = InlineDelivery.currentThread
        inlineThread = thread
        inline.begin(thread)
        let subscription = inner.asObservable().subscribe(observer)
        inline.end()
        if observer.isDone || terminated {
            subscription.dispose()
        } else {
            observer.isAttached = true
            group.attach(observer, subscription)
        }
    }

    @inline(never)
    private func terminate(_ event: Event<Observer.Element>) {
        terminated = true
        forwardTerminal(event)
    }
}
