extension ObservableType {
    /// Drops every element and forwards only the terminal event (completion or error). Same as RxSwift's
    /// `ignoreElements`.
    ///
    /// Returns `Observable<Never>`, as RxSwift 6 does (RxSwift issue #2369: since 6.0 it is no longer a
    /// `Completable`); RxKit has no traits yet, so there is no `asCompletable()` to chain.
    public func ignoreElements() -> Observable<Never> {
        IgnoreElementsProducer(source: asObservable())
    }
}

final class IgnoreElementsProducer<Source>: Producer<Never>, @unchecked Sendable {
    private let source: Observable<Source>

    init(source: Observable<Source>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Never {
        let sink = IgnoreElementsSink<Source, Observer>(observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink, subscription)
    }
}

final class IgnoreElementsSink<Source, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable
    where Observer.Element == Never {
    func on(_ event: Event<Source>) {
        switch event {
        case .next:
            break
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }
}
