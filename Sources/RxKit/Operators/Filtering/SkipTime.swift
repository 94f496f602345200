import ReactiveBridgePrimitives

extension ObservableType {
    /// Drops the source's elements for `duration` after subscription, then emits the rest; terminal
    /// events pass at any time. The timer runs on `scheduler`. Same as RxSwift's `skip(_:scheduler:)`.
    public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        SkipTimeProducer(source: asObservable(), dueTime: duration, scheduler: scheduler)
    }

    /// The same as `skip(_:scheduler:)`, spelled like `take(for:scheduler:)`. RxSwift 6 has no such
    /// spelling (its time-based skip is `skip(_:scheduler:)`); RxKit adds it for symmetry.
    public func skip(for duration: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        SkipTimeProducer(source: asObservable(), dueTime: duration, scheduler: scheduler)
    }
}

final class SkipTimeProducer<Element>: TimedProducer<Element>, @unchecked Sendable {
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = SkipTimeSink(observer: observer, cancel: cancel)
        let timer = scheduler.scheduleRelative(sink, dueTime: dueTime) { sink in
            sink.open.set()
            return Disposables.create()
        }
        let sourceSubscription = source.subscribe(sink)
        return (sink, Disposables.create(timer, sourceSubscription))
    }
}

/// The timer only flips `open`; all delivery comes from the source, so no serialisation is needed.
final class SkipTimeSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element
    let open = OnceFlag()

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if open.isSet { forwardOn(event) }
        case .error, .completed:
            forwardTerminal(event)
        }
    }
}
