extension ObservableType {
    /// A sequence of one element, then completion, both sent on `scheduler` (the element in one
    /// scheduled action, the completion in the next). Same as RxSwift's `just(_:scheduler:)`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        JustScheduledProducer(element: element, scheduler: scheduler)
    }
}

final class JustScheduledProducer<Element>: Producer<Element>, @unchecked Sendable {
    private let element: Element
    private let scheduler: ImmediateSchedulerType

    init(element: Element, scheduler: ImmediateSchedulerType) {
        self.element = element
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = JustScheduledSink(observer: observer, cancel: cancel)
        let subscription = sink.run(element: element, scheduler: scheduler)
        return (sink, subscription)
    }
}

final class JustScheduledSink<Observer: ObserverType>: Sink<Observer>, @unchecked Sendable {
    func run(element: Observer.Element, scheduler: ImmediateSchedulerType) -> Disposable {
        scheduler.schedule(element) { [self] element in
            forwardOn(.next(element))
            return scheduler.schedule(()) { [self] _ in
                forwardCompleted()
                return Disposables.create()
            }
        }
    }
}
