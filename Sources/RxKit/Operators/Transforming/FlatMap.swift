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
final class FlatMapProducer<SourceElement, Inner: ObservableConvertibleType, InnerObs: InnerObserverType>: NodeSinkProducer<Inner.Element>, @unchecked Sendable
    where InnerObs.Element == Inner.Element {
    @usableFromInline
    let source: Observable<SourceElement>?
    private let initialElements: [SourceElement]
    fileprivate let selector: (SourceElement) throws -> Inner
    fileprivate let maxConcurrent: Int
    fileprivate let ignoresElementsWhileBusy: Bool

    /// Merges the inner sequences `selector` makes from `source`'s elements, at most `maxConcurrent` at a
    /// time (the others wait in arrival order). Inlinable, so that the sink for a node observer is made in
    /// the caller's specialised code (see `NodeSinkProducer`).
    @inlinable
    convenience init(source: Observable<SourceElement>, selector: @escaping (SourceElement) throws -> Inner,
                     maxConcurrent: Int, ignoresElementsWhileBusy: Bool) {
        self.init(source: source, selector: selector, maxConcurrent: maxConcurrent,
                  ignoresElementsWhileBusy: ignoresElementsWhileBusy) { producer, node, cancel in
            let producer = unsafeDowncast(producer, to: FlatMapProducer.self)
            let sink = FlatMapSink<SourceElement, Inner, NodeObserver<Inner.Element>, InnerObs>(
                producer: producer, node: node, cancel: cancel)
            let subscription = producer.source!.subscribe(sink)  // the sink's upstream (see `FlatteningSink`)
            return (sink, subscription)
        }
    }

    /// The same, with the node observers' sinks made by `makeNodeSink`.
    @usableFromInline
    init(source: Observable<SourceElement>, selector: @escaping (SourceElement) throws -> Inner,
         maxConcurrent: Int, ignoresElementsWhileBusy: Bool, makeNodeSink: @escaping NodeSinkMaker) {
        precondition(maxConcurrent > 0, "merge(maxConcurrent:) needs maxConcurrent > 0 (got \(maxConcurrent)): with 0 no inner sequence could ever be subscribed. Use 1 to concatenate.")
        self.source = source
        // `Array()`, not `[]`: in unspecialised code the literal costs a call to `_allocateUninitialized`.
        self.initialElements = Array()
        self.selector = selector
        self.maxConcurrent = maxConcurrent
        self.ignoresElementsWhileBusy = ignoresElementsWhileBusy
        super.init(makeNodeSink: makeNodeSink)
    }

    /// Merges a fixed list of sequences, all subscribed at once (`Observable.merge`).
    init(sources: [Inner]) where SourceElement == Inner {
        self.source = nil
        self.initialElements = sources
        self.selector = { $0 }
        self.maxConcurrent = .max
        self.ignoresElementsWhileBusy = false
        super.init(makeNodeSink: nil)
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

/// One merge subscription (see `FlatteningSink` for the drain and the inline delivery it shares with
/// `switchLatest`): at most `maxConcurrent` inners at a time, the others waiting in arrival order. When an
/// inner completes during its own subscription and another one is waiting (`merge(maxConcurrent:)`,
/// `concatMap`), the waiting one is subscribed after `subscribe` returns, in a loop, so chains of
/// synchronous inners do not grow the stack.
@usableFromInline
final class FlatMapSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType, InnerObs: InnerObserverType>:
    FlatteningSink<SourceElement, Inner, Observer>, @unchecked Sendable
    where Observer.Element == Inner.Element, InnerObs.Element == Inner.Element {
    private let maxConcurrent: Int
    private let ignoresElementsWhileBusy: Bool

    // Touched only inside the drain. `activeCount` includes the `deferredStarts` slots: waiting inners whose
    // turn came while an inner was being subscribed, started once that `subscribe` returns.
    @exclusivity(unchecked) private var activeCount = 0
    @exclusivity(unchecked) private var waiting = ArrivalQueue<Inner>()
    @exclusivity(unchecked) private var deferredStarts = 0

    init(selector: @escaping (SourceElement) throws -> Inner, maxConcurrent: Int, ignoresElementsWhileBusy: Bool,
         observer: Observer, cancel: SinkLink?) {
        self.maxConcurrent = maxConcurrent
        self.ignoresElementsWhileBusy = ignoresElementsWhileBusy
        super.init(selector: selector, observer: observer, cancel: cancel)
    }

    /// The sink `producer` makes for `node`, an RxKit node with both lanes (see `NodeSinkProducer`).
    @usableFromInline
    init(producer: borrowing FlatMapProducer<SourceElement, Inner, InnerObs>, node: consuming ObserverNode,
         cancel: consuming SinkLink?)
        where Observer == NodeObserver<Inner.Element> {
        maxConcurrent = producer.maxConcurrent
        ignoresElementsWhileBusy = producer.ignoresElementsWhileBusy
        super.init(selector: producer.selector, node: node, cancel: cancel)
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        source.subscribe(self)
    }

    /// Behaves as if an outer sequence sent each of `elements` and completed; there is no outer
    /// subscription to hold.
    func run(elements: [SourceElement]) -> Disposable {
        for element in elements {
            onNextElement(element)
        }
        on(.completed)
        return Disposables.create()
    }

    // MARK: inside the drain

    override func acceptOuter(_ element: SourceElement) {
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
            waiting.append(inner)
        }
    }

    @inline(never)
    override func completeOuter() {
        if terminated { return }
        outerCompleted = true
        disposeUpstreamEarly()  // the outer subscription
        if activeCount == 0 { terminate(.completed) }
    }

    override func isCurrent(_ inner: InnerSubscription) -> Bool {
        !inner.isDone
    }

    @inline(never)
    override func failInner(_ error: Swift.Error, _ inner: InnerSubscription) {
        if terminated || inner.isDone { return }
        inner.isDone = true
        terminate(.error(error))
    }

    override func completeInner(_ inner: InnerSubscription, duringSubscribe: Bool) {
        if terminated || inner.isDone { return }
        inner.isDone = true
        if inner.isAttached { finish(inner) }
        innerEnded(duringSubscribe: duringSubscribe)
    }

    /// An inner's slot is free: starts the next waiting inner (after the `subscribe` in progress returns,
    /// when `duringSubscribe`), or completes if the outer sequence has.
    private func innerEnded(duringSubscribe: Bool) {
        activeCount -= 1
        if waiting.count > deferredStarts {
            activeCount += 1
            if duringSubscribe {
                deferredStarts += 1
            } else {
                subscribeInner(waiting.removeFirst())
            }
        } else if outerCompleted && activeCount == 0 {
            completeAll()
        }
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
            let next = waiting.removeFirst()
            if terminated { continue }
            subscribeInline(next)
        }
    }

    private func subscribeInline(_ inner: Inner) {
        let observable = inner.asObservable()
        if deliverIfJust(observable) {
            // `just` sent its element and completes, as during its own subscription.
            if !terminated { innerEnded(duringSubscribe: true) }
            return
        }
        let observer = InnerObs(receiver: self)
        beginInlineSubscribe()
        let subscription = observable.subscribe(observer)
        endInlineSubscribe()
        if observer.isDone || terminated {
            subscription.dispose()
        } else {
            observer.isAttached = true
            attach(observer, subscription)
        }
    }
}
