extension ObservableType {
    /// Collects every element and, when the source completes, sends them as one array, then completes
    /// (an empty source gives `[]`). Same as RxSwift 6's `toArray`, which returns `Single<[Element]>`.
    public func toArray() -> Single<[Element]> {
        PrimitiveSequence(raw: ToArrayProducer(source: asObservable()))
    }
}

final class ToArrayProducer<Element>: Producer<[Element]>, @unchecked Sendable {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == [Element] {
        let sink = ToArraySink<Element, Observer>(observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink, subscription)
    }
}

final class ToArraySink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable
    where Observer.Element == [Element] {
    // Touched only from `on`, which upstream calls serially; no access spans a call out (run-time
    // exclusivity checks off).
    @exclusivity(unchecked) private var elements: [Element] = []

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            elements.append(element)
        case .error(let error):
            elements = []
            forwardError(error)
        case .completed:
            let collected = elements
            elements = []
            forwardOn(.next(collected))
            forwardCompleted()
        }
    }
}
