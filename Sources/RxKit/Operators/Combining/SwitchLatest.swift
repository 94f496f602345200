extension ObservableType where Element: ObservableConvertibleType {
    /// Mirrors the most recent inner sequence, disposing the previous one before subscribing the new one.
    /// Completes once the source and the current inner sequence have completed.
    /// Same as RxSwift's `switchLatest`.
    public func switchLatest() -> Observable<Element.Element> {
        SwitchLatestProducer<Element, Element, InnerObserver<Element.Element>>(source: asObservable(), selector: { $0 })
    }
}

@usableFromInline
final class SwitchLatestProducer<SourceElement, Inner: ObservableConvertibleType, InnerObs: InnerObserverType>: Producer<Inner.Element>, @unchecked Sendable
    where InnerObs.Element == Inner.Element {
    private let source: Observable<SourceElement>
    private let selector: (SourceElement) throws -> Inner

    @usableFromInline
    init(source: Observable<SourceElement>, selector: @escaping (SourceElement) throws -> Inner) {
        self.source = source
        self.selector = selector
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Inner.Element {
        let sink = SwitchLatestSink<SourceElement, Inner, Observer, InnerObs>(
            selector: selector, observer: observer, cancel: cancel)
        // The subscription made before the tuple, so `sink` moves into it (no retain/release pair).
        let subscription = sink.run(source)
        return (sink, subscription)
    }
}

/// One `switchLatest`/`flatMapLatest` subscription; source and inner events are handled inside one
/// `BoxedSerialDrain`. `latest` identifies the inner subscription currently mirrored; events from any other
/// (replaced) inner are dropped. The group holds the current inner once it is attached and disposes it
/// when it is replaced (before the next one is subscribed, as RxSwift does), completes, or on disposal.
/// The sink keeps only the identity (`latest` is compared, never dereferenced): a strong reference would
/// make a cycle (sink → inner observer → sink) that a disposal from downstream, which does not run in the
/// drain, could not break. Every inner observer becomes `latest` as it is made, so an identity is never
/// mistaken for a reused address.
///
/// As in `FlatMapSink`, elements take the element lane, are handled at once when no other thread is
/// delivering, and inners are subscribed inside the drain with the thread marked (`InlineDelivery`), so a
/// synchronous inner (`just`) is delivered directly and never attached to the group.
final class SwitchLatestSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType, InnerObs: InnerObserverType>:
    ElementSink<SourceElement, Observer>, InnerEventReceiver, @unchecked Sendable
    where Observer.Element == Inner.Element, InnerObs.Element == Inner.Element {
    enum Message {
        case outer(Event<SourceElement>)
        case inner(InnerSubscription, Event<Inner.Element>)
    }

    private let selector: (SourceElement) throws -> Inner
    /// The subscriptions, and the drain (and its lock) every event goes through (see `BoxedSerialDrain`).
    private let group = InnerSubscriptionGroup()
    private let inline: InlineDelivery

    // Touched only inside the drain.
    @exclusivity(unchecked) private var latest: ObjectIdentifier?
    /// The latest inner is attached to the group (its `subscribe` returned before it terminated).
    @exclusivity(unchecked) private var latestAttached = false
    @exclusivity(unchecked) private var outerCompleted = false
    @exclusivity(unchecked) private var terminated = false
    @exclusivity(unchecked) private var inlineThread = 0

    init(selector: @escaping (SourceElement) throws -> Inner, observer: Observer, cancel: SinkLink?) {
        self.selector = selector
        inline = InlineDelivery(in: group)
        super.init(observer: observer, cancel: cancel)
        hasTerminalLane = true
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        group.setOuter(source.subscribe(self))
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

    /// The outer sequence's end through the terminal lane: the same as `onCompleted()` / `onError(_:)`
    /// (see `FlatMapSink.onTerminal(_:)`).
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
            if !terminated && ObjectIdentifier(inner) == latest {
                inline.end()
                forwardNext(at: element)
                inline.begin(inlineThread)
            }
        } else if group.tryBegin() {
            if !terminated && ObjectIdentifier(inner) == latest {
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
            completeInner(inner)
            inline.begin(inlineThread)
        } else if group.tryBegin() {
            completeInner(inner)
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
            if !terminated && ObjectIdentifier(inner) == latest { forwardNext(element) }
        case .inner(let inner, .error(let error)):
            failInner(error, inner)
        case .inner(let inner, .completed):
            completeInner(inner)
        }
    }

    private func acceptOuter(_ element: SourceElement) {
        if terminated { return }
        let inner: Inner
        do {
            inner = try selector(element)
        } catch {
            fail(error)
            return
        }
        if latestAttached {
            latestAttached = false
            group.finishCurrent()  // disposes the previous inner before the next is subscribed
        }
        let observer = InnerObs(receiver: self)
        latest = ObjectIdentifier(observer)
        let thread = InlineDelivery.currentThread
        inlineThread = thread
        inline.begin(thread)
        let subscription = inner.asObservable().subscribe(observer)
        inline.end()
        if observer.isDone || terminated || ObjectIdentifier(observer) != latest {
            subscription.dispose()
        } else {
            latestAttached = true
            observer.isAttached = true
            group.attachCurrent(observer, subscription)
        }
    }

    @inline(never)
    private func completeOuter() {
        if terminated { return }
        outerCompleted = true
        group.disposeOuter()
        if latest == nil { terminate(.completed) }
    }

    private func completeInner(_ inner: InnerSubscription) {
        if terminated || ObjectIdentifier(inner) != latest { return }
        latest = nil
        inner.isDone = true
        if latestAttached {
            latestAttached = false
            group.finishCurrent()
        }
        if outerCompleted { completeAll() }
    }

    @inline(never)
    private func failInner(_ error: Swift.Error, _ inner: InnerSubscription) {
        if terminated || ObjectIdentifier(inner) != latest { return }
        inner.isDone = true
        terminate(.error(error))
    }

    @inline(never)
    private func fail(_ error: Swift.Error) {
        terminate(.error(error))
    }

    @inline(never)
    private func completeAll() {
        terminate(.completed)
    }

    @inline(never)
    private func terminate(_ event: Event<Observer.Element>) {
        terminated = true
        forwardTerminal(event)
    }
}
