extension ObservableType {
    /// For each subscription, creates a resource with `resourceFactory`, subscribes to the sequence
    /// `observableFactory` builds from it, and disposes the resource when the subscription ends
    /// (terminal event or disposal). An error thrown by either factory is sent as the sequence's error.
    /// Same as RxSwift's `using(_:observableFactory:)`.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        observableFactory: @escaping (Resource) throws -> Observable<Element>
    ) -> Observable<Element> {
        UsingProducer(resourceFactory: resourceFactory, observableFactory: observableFactory)
    }
}

final class UsingProducer<Element, Resource: Disposable>: Producer<Element>, @unchecked Sendable {
    private let resourceFactory: () throws -> Resource
    private let observableFactory: (Resource) throws -> Observable<Element>

    init(resourceFactory: @escaping () throws -> Resource, observableFactory: @escaping (Resource) throws -> Observable<Element>) {
        self.resourceFactory = resourceFactory
        self.observableFactory = observableFactory
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = UsingSink(observer: observer, cancel: cancel)
        var resource: Resource?
        do {
            let created = try resourceFactory()
            resource = created
            let source = try observableFactory(created)
            // The source subscription goes first, then the resource it depends on (as in RxSwift).
            return (sink, Disposables.create(source.subscribe(sink), created))
        } catch {
            sink.on(.error(error))
            return (sink, resource ?? Disposables.create())
        }
    }
}

final class UsingSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    func on(_ event: Event<Observer.Element>) {
        switch event {
        case .next:
            forwardOn(event)
        case .error, .completed:
            forwardTerminal(event)
        }
    }
}
