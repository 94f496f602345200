extension ObservableType {
    /// Subscribes to the source on `scheduler`, and disposes that subscription on `scheduler` too.
    /// Events are delivered wherever the source sends them (use `observe(on:)` to move them).
    /// Same as RxSwift's `subscribe(on:)`.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        SubscribeOnProducer(source: self, scheduler: scheduler)
    }

    /// Renamed `subscribe(on:)` in RxSwift 6.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        subscribe(on: scheduler)
    }
}

final class SubscribeOnProducer<Source: ObservableType>: Producer<Source.Element>, @unchecked Sendable {
    private let source: Source
    private let scheduler: ImmediateSchedulerType

    init(source: Source, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Source.Element {
        let sink = SubscribeOnSink(observer: observer, cancel: cancel)
        // Holds the pending scheduled subscription, then the subscription wrapped to be disposed on `scheduler`.
        let subscription = SerialDisposable()
        let pending = SingleAssignmentDisposable()
        subscription.disposable = pending
        pending.setDisposable(scheduler.schedule((source, sink, subscription, scheduler)) { state in
            let (source, sink, subscription, scheduler) = state
            let upstream = source.subscribe(sink)
            subscription.disposable = ScheduledDisposable(scheduler: scheduler, disposable: upstream)
            return Disposables.create()
        })
        return (sink, subscription)
    }
}

final class SubscribeOnSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element

    func on(_ event: Event<Element>) {
        if event.isStopEvent {
            forwardTerminal(event)
        } else {
            forwardOn(event)
        }
    }
}
