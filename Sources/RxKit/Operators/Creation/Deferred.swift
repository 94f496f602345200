extension ObservableType {
    /// Calls `observableFactory` for each subscription and subscribes to the sequence it returns; an
    /// error thrown by the factory is sent as the sequence's error. Same as RxSwift's `deferred`.
    public static func deferred(_ observableFactory: @escaping () throws -> Observable<Element>) -> Observable<Element> {
        DeferredProducer(observableFactory: observableFactory)
    }
}

final class DeferredProducer<Element>: Producer<Element>, @unchecked Sendable {
    private let observableFactory: () throws -> Observable<Element>

    init(observableFactory: @escaping () throws -> Observable<Element>) {
        self.observableFactory = observableFactory
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = DeferredSink(observer: observer, cancel: cancel)
        do {
            let source = try observableFactory()
            let subscription = source.subscribe(sink)
            return (sink, subscription)
        } catch {
            sink.on(.error(error))
            return (sink, Disposables.create())
        }
    }
}

final class DeferredSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    func on(_ event: Event<Observer.Element>) {
        switch event {
        case .next:
            forwardOn(event)
        case .error, .completed:
            forwardTerminal(event)
        }
    }
}
