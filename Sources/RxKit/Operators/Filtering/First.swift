extension ObservableType {
    /// The first element as a `Single` of an optional: it succeeds with the first element as soon as one
    /// arrives (and disposes the source), or with `nil` if the source completes empty; an error fails it.
    /// Same as RxSwift 6's `first()`. (Combine's `first()` finishes without a value on an empty source.)
    public func first() -> Single<Element?> {
        PrimitiveSequence(raw: FirstProducer(source: asObservable()))
    }
}

final class FirstProducer<Element>: Producer<Element?>, @unchecked Sendable {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element? {
        let sink = FirstSink<Element, Observer>(observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink, subscription)
    }
}

final class FirstSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable
    where Observer.Element == Element? {
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            forwardOn(.next(value))
            forwardCompleted()
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardOn(.next(nil))
            forwardCompleted()
        }
    }
}
