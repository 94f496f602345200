extension ObservableType {
    /// A sequence whose subscription runs `subscribe` with an observer; the returned disposable runs
    /// when the subscription ends (terminal event or disposal). Same as RxSwift's `create`.
    ///
    /// The observer may be called from any thread: events are serialised, and anything after the first
    /// terminal event is ignored.
    public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> Disposable) -> Observable<Element> {
        CreateProducer(subscribe)
    }
}

final class CreateProducer<Element>: Producer<Element>, @unchecked Sendable {
    let subscribeHandler: (AnyObserver<Element>) -> Disposable

    init(_ subscribeHandler: @escaping (AnyObserver<Element>) -> Disposable) {
        self.subscribeHandler = subscribeHandler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = CreateSink(observer: observer, cancel: cancel)
        let subscription = subscribeHandler(AnyObserver(sink))
        return (sink, subscription)
    }
}

final class CreateSink<Observer: ObserverType>: ElementSink<Observer.Element, Observer>, @unchecked Sendable {
    private let drain = SerialDrain<Event<Element>>()
    private var stopped = false  // only touched inside the drain

    override func on(_ event: Event<Element>) {
        drain.submit(event, handle)
    }

    /// Same as `on(.next(element))`, without building an `Event` when no other thread is delivering.
    override func onNextElement(_ element: Element) {
        if drain.tryBegin() {
            if !stopped { forwardNext(element) }
            drain.finish(handle)
        } else {
            submitNext(element)
        }
    }

    @inline(never)
    private func submitNext(_ element: Element) {
        drain.submit(.next(element), handle)
    }

    private func handle(_ event: Event<Element>) {
        if stopped { return }
        if event.isStopEvent {
            stopped = true
            forwardTerminal(event)
        } else {
            forwardOn(event)
        }
    }
}
