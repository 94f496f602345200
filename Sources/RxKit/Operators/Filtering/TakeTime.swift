extension ObservableType {
    /// Emits the source's elements for `duration` after subscription, then completes. The timer runs on
    /// `scheduler` (and is started before the source is subscribed, as in RxSwift). Same as RxSwift's
    /// `take(for:scheduler:)`.
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        TakeTimeProducer(source: asObservable(), dueTime: duration, scheduler: scheduler)
    }

    /// Same as `take(for:scheduler:)`. Deprecated in RxSwift 6, as here.
    @available(*, deprecated, renamed: "take(for:scheduler:)")
    public func take(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        take(for: duration, scheduler: scheduler)
    }
}

final class TakeTimeProducer<Element>: TimedProducer<Element>, @unchecked Sendable {
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = TakeTimeSink(observer: observer, cancel: cancel)
        let timer = scheduler.scheduleRelative(sink, dueTime: dueTime) { sink in
            sink.submit(nil)
            return Disposables.create()
        }
        let sourceSubscription = source.subscribe(sink)
        return (sink, Disposables.create(timer, sourceSubscription))
    }
}

final class TakeTimeSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element
    /// A source event, or `nil` for the end of the duration.
    private let drain = SerialDrain<Event<Element>?>()

    func on(_ event: Event<Element>) {
        submit(event)
    }

    func submit(_ message: Event<Element>?) {
        drain.submit(message) { message in
            guard let event = message else {
                forwardCompleted()
                return
            }
            if event.isStopEvent {
                forwardTerminal(event)
            } else {
                forwardOn(event)
            }
        }
    }
}
