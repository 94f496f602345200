extension ObservableType {
    /// `element` repeated forever, each copy sent in its own recursive action on `scheduler`; it ends
    /// only when disposed. Same as RxSwift's `repeatElement(_:scheduler:)`.
    public static func repeatElement(_ element: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> {
        RepeatElementProducer(element: element, scheduler: scheduler)
    }
}

final class RepeatElementProducer<Element>: Producer<Element>, @unchecked Sendable {
    private let element: Element
    private let scheduler: ImmediateSchedulerType

    init(element: Element, scheduler: ImmediateSchedulerType) {
        self.element = element
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = RepeatElementSink(observer: observer, cancel: cancel)
        let subscription = sink.run(element: element, scheduler: scheduler)
        return (sink, subscription)
    }
}

final class RepeatElementSink<Observer: ObserverType>: Sink<Observer>, @unchecked Sendable {
    func run(element: Observer.Element, scheduler: ImmediateSchedulerType) -> Disposable {
        scheduler.scheduleRecursive(element) { [self] element, recurse in
            forwardOn(.next(element))
            recurse(element)
        }
    }
}
