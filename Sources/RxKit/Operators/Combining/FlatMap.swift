extension ObservableType {
    /// Projects each element to an inner sequence with `selector` and merges the elements of all inner
    /// sequences as they arrive. Completes once the source and every inner sequence have completed; an
    /// error from the source, from any inner sequence, or thrown by `selector` ends it at once and
    /// disposes everything. Same as RxSwift's `flatMap`.
    public func flatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source)
        -> Observable<Source.Element> {
        FlatMapProducer(source: asObservable(), selector: selector, maxConcurrent: .max, ignoresElementsWhileBusy: false)
    }

    /// Like `flatMap`, but while an inner sequence is active the source's elements are dropped
    /// (`selector` is not called for them). Same as RxSwift's `flatMapFirst`.
    public func flatMapFirst<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source)
        -> Observable<Source.Element> {
        FlatMapProducer(source: asObservable(), selector: selector, maxConcurrent: .max, ignoresElementsWhileBusy: true)
    }
}

/// The merge engine behind `flatMap`, `flatMapFirst`, `concatMap`, `merge()`, `merge(maxConcurrent:)`,
/// `concat()` and `Observable.merge`.
final class FlatMapProducer<SourceElement, Inner: ObservableConvertibleType>: Producer<Inner.Element>, @unchecked Sendable {
    private let source: Observable<SourceElement>?
    private let initialElements: [SourceElement]
    private let selector: (SourceElement) throws -> Inner
    private let maxConcurrent: Int
    private let ignoresElementsWhileBusy: Bool

    /// Merges the inner sequences `selector` makes from `source`'s elements, at most `maxConcurrent` at a
    /// time (the others wait in arrival order).
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

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
        where Observer.Element == Inner.Element {
        let sink = FlatMapSink(selector: selector, maxConcurrent: maxConcurrent,
                               ignoresElementsWhileBusy: ignoresElementsWhileBusy, observer: observer, cancel: cancel)
        if let source {
            return (sink, sink.run(source))
        }
        return (sink, sink.run(elements: initialElements))
    }
}

/// One merge subscription. Every event, from the source or from an inner sequence, goes through one
/// `SerialDrain`, so the state below is only touched by the draining thread and downstream is never
/// called concurrently. Inner sequences are subscribed from inside the drain: an inner sequence that
/// completes synchronously is handled after its `subscribe` returns, so long chains do not grow the stack.
final class FlatMapSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable
    where Observer.Element == Inner.Element {
    typealias Element = SourceElement

    enum Message {
        case outer(Event<SourceElement>)
        case inner(FlatMapInnerObserver<SourceElement, Inner, Observer>, Event<Inner.Element>)
    }

    private let selector: (SourceElement) throws -> Inner
    private let maxConcurrent: Int
    private let ignoresElementsWhileBusy: Bool
    private let drain = SerialDrain<Message>()
    private let group = CompositeDisposable()
    private let outerSubscription = SingleAssignmentDisposable()

    // Touched only inside the drain.
    private var activeCount = 0
    private var outerCompleted = false
    private var terminated = false
    private var waiting: [Inner] = []
    private var waitingHead = 0

    init(selector: @escaping (SourceElement) throws -> Inner, maxConcurrent: Int, ignoresElementsWhileBusy: Bool,
         observer: Observer, cancel: Cancelable) {
        self.selector = selector
        self.maxConcurrent = maxConcurrent
        self.ignoresElementsWhileBusy = ignoresElementsWhileBusy
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        _ = group.insert(outerSubscription)
        outerSubscription.setDisposable(source.subscribe(self))
        return group
    }

    /// Behaves as if an outer sequence sent each of `elements` and completed.
    func run(elements: [SourceElement]) -> Disposable {
        for element in elements {
            submit(.outer(.next(element)))
        }
        submit(.outer(.completed))
        return group
    }

    func on(_ event: Event<SourceElement>) {
        submit(.outer(event))
    }

    func submit(_ message: Message) {
        drain.submit(message) { handle($0) }
    }

    private func handle(_ message: Message) {
        if terminated { return }
        switch message {
        case .outer(.next(let element)):
            if ignoresElementsWhileBusy && activeCount > 0 { return }
            let inner: Inner
            do {
                inner = try selector(element)
            } catch {
                terminate(.error(error))
                return
            }
            if activeCount < maxConcurrent {
                subscribe(inner)
            } else {
                waiting.append(inner)
            }
        case .outer(.error(let error)):
            terminate(.error(error))
        case .outer(.completed):
            outerCompleted = true
            outerSubscription.dispose()
            if activeCount == 0 { terminate(.completed) }
        case .inner(_, .next(let element)):
            forwardOn(.next(element))
        case .inner(_, .error(let error)):
            terminate(.error(error))
        case .inner(let innerObserver, .completed):
            if let key = innerObserver.key { group.remove(for: key) }
            activeCount -= 1
            if waitingHead < waiting.count {
                let next = waiting[waitingHead]
                waitingHead += 1
                if waitingHead == waiting.count {
                    waiting.removeAll(keepingCapacity: true)
                    waitingHead = 0
                }
                subscribe(next)
            } else if outerCompleted && activeCount == 0 {
                terminate(.completed)
            }
        }
    }

    private func subscribe(_ inner: Inner) {
        activeCount += 1
        let innerObserver = FlatMapInnerObserver(sink: self)
        let subscription = SingleAssignmentDisposable()
        guard let key = group.insert(subscription) else { return }  // disposed meanwhile
        innerObserver.key = key
        subscription.setDisposable(inner.asObservable().subscribe(innerObserver))
    }

    private func terminate(_ event: Event<Observer.Element>) {
        terminated = true
        forwardTerminal(event)
    }
}

/// Receives one inner sequence's events and hands them to the merge sink's drain.
final class FlatMapInnerObserver<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>: ObserverType, @unchecked Sendable
    where Observer.Element == Inner.Element {
    private let sink: FlatMapSink<SourceElement, Inner, Observer>
    /// This inner subscription's key in the sink's group; set inside the drain before subscribing.
    var key: CompositeDisposable.DisposeKey?

    init(sink: FlatMapSink<SourceElement, Inner, Observer>) {
        self.sink = sink
    }

    func on(_ event: Event<Inner.Element>) {
        sink.submit(.inner(self, event))
    }
}
