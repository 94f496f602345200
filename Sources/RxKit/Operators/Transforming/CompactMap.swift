extension ObservableType {
    /// Transforms each element with `transform` and sends the non-`nil` results; an error thrown by
    /// `transform` ends the sequence with that error. Same as RxSwift's `compactMap`.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Observable<Result> {
        CompactMapProducer(source: asObservable(), transform: transform)
    }
}

final class CompactMapProducer<Source, Result>: Producer<Result>, @unchecked Sendable {
    private let source: Observable<Source>
    private let transform: (Source) throws -> Result?

    init(source: Observable<Source>, transform: @escaping (Source) throws -> Result?) {
        self.source = source
        self.transform = transform
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Result {
        let sink = CompactMapSink<Source, Observer>(transform: transform, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink, subscription)
    }
}

final class CompactMapSink<Source, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    private let transform: (Source) throws -> Observer.Element?

    init(transform: @escaping (Source) throws -> Observer.Element?, observer: Observer, cancel: SinkLink?) {
        self.transform = transform
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Source>) {
        switch event {
        case .next(let element):
            do {
                if let result = try transform(element) { forwardOn(.next(result)) }
            } catch {
                forwardError(error)
            }
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }
}
