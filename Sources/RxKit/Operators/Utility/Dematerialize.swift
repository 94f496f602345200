extension ObservableType where Element: EventConvertible {
    /// The inverse of `materialize`: turns each element back into the event it represents. An `error`
    /// or `completed` element ends the sequence that way; the source's own completion completes it too.
    /// Same as RxSwift's `dematerialize`.
    public func dematerialize() -> Observable<Element.Element> {
        DematerializeProducer(source: asObservable())
    }
}

final class DematerializeProducer<Source: EventConvertible>: Producer<Source.Element>, @unchecked Sendable {
    private let source: Observable<Source>

    init(source: Observable<Source>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Source.Element {
        let sink = DematerializeSink<Source, Observer>(observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink, subscription)
    }
}

final class DematerializeSink<Source: EventConvertible, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable
    where Observer.Element == Source.Element {
    func on(_ event: Event<Source>) {
        switch event {
        case .next(let convertible):
            let inner = convertible.event
            if inner.isStopEvent {
                forwardTerminal(inner)
            } else {
                forwardOn(inner)
            }
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }
}
