extension ObservableType where Element: ObservableConvertibleType {
    /// Mirrors the most recent inner sequence, disposing the previous one before subscribing the new one.
    /// Completes once the source and the current inner sequence have completed.
    /// Same as RxSwift's `switchLatest`.
    @inlinable  // the producer is then made in the caller's specialised code (see `NodeSinkProducer`)
    public func switchLatest() -> Observable<Element.Element> {
        SwitchLatestProducer<Element, Element, InnerObserver<Element.Element>>(source: asObservable(), selector: { $0 })
    }
}

/// The engine behind `flatMapLatest` and `switchLatest`.
///
/// `InnerObs` (always `InnerObserver<Inner.Element>`) is a generic parameter so that the inlinable entry
/// points supply its metadata from the caller's cache; `run` would otherwise look it up per subscription.
@usableFromInline
final class SwitchLatestProducer<SourceElement, Inner: ObservableConvertibleType, InnerObs: InnerObserverType>: NodeSinkProducer<Inner.Element>, @unchecked Sendable
    where InnerObs.Element == Inner.Element {
    @usableFromInline
    let source: Observable<SourceElement>
    fileprivate let selector: (SourceElement) throws -> Inner

    /// Mirrors the latest inner sequence `selector` makes from `source`'s elements. Inlinable, so that the
    /// sink for a node observer is made in the caller's specialised code (see `NodeSinkProducer`).
    @inlinable
    convenience init(source: Observable<SourceElement>, selector: @escaping (SourceElement) throws -> Inner) {
        self.init(source: source, selector: selector) { producer, node, cancel in
            let producer = unsafeDowncast(producer, to: SwitchLatestProducer.self)
            let sink = SwitchLatestSink<SourceElement, Inner, NodeObserver<Inner.Element>, InnerObs>(
                producer: producer, node: node, cancel: cancel)
            let subscription = producer.source.subscribe(sink)  // the sink's upstream (see `FlatteningSink`)
            return (sink, subscription)
        }
    }

    /// The same, with the node observers' sinks made by `makeNodeSink`.
    @usableFromInline
    init(source: Observable<SourceElement>, selector: @escaping (SourceElement) throws -> Inner,
         makeNodeSink: @escaping NodeSinkMaker) {
        self.source = source
        self.selector = selector
        super.init(makeNodeSink: makeNodeSink)
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

/// One `switchLatest`/`flatMapLatest` subscription; source and inner events are handled inside the sink's
/// drain. `latest` identifies the inner subscription currently mirrored; events from any other
/// (replaced) inner are dropped. The sink holds the current inner once it is attached and disposes it
/// when it is replaced (before the next one is subscribed, as RxSwift does), completes, or on disposal.
/// The sink keeps only the identity (`latest` is compared, never dereferenced): a strong reference would
/// make a cycle (sink → inner observer → sink) that a disposal from downstream, which does not run in the
/// drain, could not break. Every inner observer becomes `latest` as it is made, so an identity is never
/// mistaken for a reused address.
///
/// The drain, the inline delivery of a synchronous inner (`from`), which is never attached,
/// and the direct delivery of a `just` inner, which is not subscribed at all, are `FlatteningSink`'s.
@usableFromInline
final class SwitchLatestSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType, InnerObs: InnerObserverType>:
    FlatteningSink<SourceElement, Inner, Observer>, @unchecked Sendable
    where Observer.Element == Inner.Element, InnerObs.Element == Inner.Element {
    // Touched only inside the drain.
    /// The latest inner is attached (`attachCurrent`: its `subscribe` returned before it terminated). Declared
    /// first, it shares a word with `FlatteningSink`'s flags.
    @exclusivity(unchecked) private var latestAttached = false
    /// The latest inner observer's `ObjectIdentifier` as a word, 0 when none: one word, where an
    /// `ObjectIdentifier?` would take two.
    @exclusivity(unchecked) private var latest: UInt = 0

    override init(selector: @escaping (SourceElement) throws -> Inner, observer: Observer, cancel: SinkLink?) {
        super.init(selector: selector, observer: observer, cancel: cancel)
    }

    /// The sink `producer` makes for `node`, an RxKit node with both lanes (see `NodeSinkProducer`).
    @usableFromInline
    init(producer: borrowing SwitchLatestProducer<SourceElement, Inner, InnerObs>, node: consuming ObserverNode,
         cancel: consuming SinkLink?)
        where Observer == NodeObserver<Inner.Element> {
        super.init(selector: producer.selector, node: node, cancel: cancel)
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        source.subscribe(self)
    }

    // MARK: inside the drain

    override func acceptOuter(_ element: SourceElement) {
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
            finishCurrent()  // disposes the previous inner before the next is subscribed
        }
        let observable = inner.asObservable()
        latest = 0  // until the new inner's observer exists, no earlier inner is current
        if deliverIfJust(observable) {
            // `just` sent its element and completes, as during its own subscription: no inner is current.
            if !terminated && outerCompleted { completeAll() }
            return
        }
        let observer = InnerObs(receiver: self)
        latest = UInt(bitPattern: ObjectIdentifier(observer))
        beginInlineSubscribe()
        let subscription = observable.subscribe(observer)
        endInlineSubscribe()
        if observer.isDone || terminated || UInt(bitPattern: ObjectIdentifier(observer)) != latest {
            subscription.dispose()
        } else {
            latestAttached = true
            observer.isAttached = true
            attachCurrent(observer, subscription)
        }
    }

    @inline(never)
    override func completeOuter() {
        if terminated { return }
        outerCompleted = true
        disposeUpstreamEarly()  // the outer subscription
        if latest == 0 { terminate(.completed) }
    }

    override func isCurrent(_ inner: InnerSubscription) -> Bool {
        UInt(bitPattern: ObjectIdentifier(inner)) == latest
    }

    override func completeInner(_ inner: InnerSubscription, duringSubscribe: Bool) {
        if terminated || UInt(bitPattern: ObjectIdentifier(inner)) != latest { return }
        latest = 0
        inner.isDone = true
        if latestAttached {
            latestAttached = false
            finishCurrent()
        }
        if outerCompleted { completeAll() }
    }

    @inline(never)
    override func failInner(_ error: Swift.Error, _ inner: InnerSubscription) {
        if terminated || UInt(bitPattern: ObjectIdentifier(inner)) != latest { return }
        inner.isDone = true
        terminate(.error(error))
    }
}
