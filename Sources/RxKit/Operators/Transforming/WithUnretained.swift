extension ObservableType {
    /// Passes each element to `resultSelector` together with `obj`, which is held weakly. When an
    /// element arrives after `obj` has been released, the sequence completes (and unsubscribes) instead.
    /// Same as RxSwift's `withUnretained(_:resultSelector:)`.
    public func withUnretained<Object: AnyObject, Out>(_ obj: Object, resultSelector: @escaping (Object, Element) -> Out) -> Observable<Out> {
        WithUnretainedProducer(source: asObservable(), object: obj, resultSelector: resultSelector)
    }

    /// Pairs each element with `obj`, which is held weakly. When an element arrives after `obj` has
    /// been released, the sequence completes (and unsubscribes) instead.
    /// Same as RxSwift's `withUnretained(_:)`.
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> Observable<(Object, Element)> {
        withUnretained(obj) { ($0, $1) }
    }
}

final class WithUnretainedProducer<Source, Object: AnyObject, Out>: Producer<Out>, @unchecked Sendable {
    private let source: Observable<Source>
    private weak var object: Object?
    private let resultSelector: (Object, Source) -> Out

    init(source: Observable<Source>, object: Object, resultSelector: @escaping (Object, Source) -> Out) {
        self.source = source
        self.object = object
        self.resultSelector = resultSelector
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Out {
        let sink = WithUnretainedSink<Source, Object, Observer>(object: object, resultSelector: resultSelector, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink, subscription)
    }
}

final class WithUnretainedSink<Source, Object: AnyObject, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    private weak var object: Object?
    private let resultSelector: (Object, Source) -> Observer.Element

    init(object: Object?, resultSelector: @escaping (Object, Source) -> Observer.Element, observer: Observer, cancel: SinkLink?) {
        self.object = object
        self.resultSelector = resultSelector
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Source>) {
        switch event {
        case .next(let element):
            // RxSwift maps with `[weak obj]` and turns its "failed retaining" error into completion.
            guard let object else {
                forwardCompleted()
                return
            }
            forwardOn(.next(resultSelector(object, element)))
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }
}
