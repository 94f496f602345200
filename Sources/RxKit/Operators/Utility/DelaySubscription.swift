extension ObservableType {
    /// Subscribes to the source only after `dueTime` has passed on `scheduler`; events then pass
    /// through unchanged. Same as RxSwift's `delaySubscription(_:scheduler:)`.
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        DelaySubscriptionProducer(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

final class DelaySubscriptionProducer<Element>: TimedProducer<Element>, @unchecked Sendable {
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = DelaySubscriptionSink(observer: observer, cancel: cancel)
        // The scheduled item keeps the subscription it returns and disposes it with itself.
        let subscription = scheduler.scheduleRelative((source, sink), dueTime: dueTime) { state in
            state.0.subscribe(state.1)
        }
        return (sink, subscription)
    }
}

final class DelaySubscriptionSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element

    func on(_ event: Event<Element>) {
        if event.isStopEvent {
            forwardTerminal(event)
        } else {
            forwardOn(event)
        }
    }
}
