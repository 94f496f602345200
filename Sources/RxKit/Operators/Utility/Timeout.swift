extension ObservableType {
    /// Fails with `RxError.timeout` if the first element does not arrive within `dueTime` of the
    /// subscription, or a later one within `dueTime` of the previous element. Timers run on `scheduler`.
    /// Same as RxSwift's `timeout(_:scheduler:)`.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        TimeoutProducer(source: asObservable(), dueTime: dueTime, other: Observable<Element>.error(RxError.timeout), scheduler: scheduler)
    }

    /// Like `timeout(_:scheduler:)`, but on a timeout unsubscribes from the source and continues with
    /// `other`. Same as RxSwift's `timeout(_:other:scheduler:)`.
    public func timeout<Source: ObservableConvertibleType>(_ dueTime: RxTimeInterval, other: Source, scheduler: SchedulerType) -> Observable<Element>
        where Element == Source.Element {
        TimeoutProducer(source: asObservable(), dueTime: dueTime, other: other.asObservable(), scheduler: scheduler)
    }
}

final class TimeoutProducer<Element>: TimedProducer<Element>, @unchecked Sendable {
    private let other: Observable<Element>

    init(source: Observable<Element>, dueTime: RxTimeInterval, other: Observable<Element>, scheduler: SchedulerType) {
        self.other = other
        super.init(source: source, dueTime: dueTime, scheduler: scheduler)
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = TimeoutSink(dueTime: dueTime, other: other, scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink, subscription)
    }
}

/// Source events, timer ticks and the fallback's events meet in one `SerialDrain`. Each element
/// restarts the timer; a tick counts only if no element arrived since it was scheduled.
final class TimeoutSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element

    enum Message {
        case source(Event<Element>)
        case timer(id: Int)
        case other(Event<Element>)
    }

    private let dueTime: RxTimeInterval
    private let other: Observable<Element>
    private let scheduler: SchedulerType
    private let drain = SerialDrain<Message>()
    /// The source subscription, replaced by the fallback's on a timeout.
    private let subscription = SerialDisposable()
    private let timer = SerialDisposable()
    // Touched only inside the drain:
    private var timerID = 0
    private var switched = false

    init(dueTime: RxTimeInterval, other: Observable<Element>, scheduler: SchedulerType, observer: Observer, cancel: SinkLink?) {
        self.dueTime = dueTime
        self.other = other
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<Element>) -> Disposable {
        let sourceSubscription = SingleAssignmentDisposable()
        subscription.disposable = sourceSubscription
        startTimer(id: 0)
        sourceSubscription.setDisposable(source.subscribe(self))
        return Disposables.create(subscription, timer)
    }

    func on(_ event: Event<Element>) {
        submit(.source(event))
    }

    func submit(_ message: Message) {
        drain.submit(message) { handle($0) }
    }

    private func startTimer(id: Int) {
        timer.disposable = scheduler.scheduleRelative((self, id), dueTime: dueTime) { state in
            state.0.submit(.timer(id: state.1))
            return Disposables.create()
        }
    }

    private func handle(_ message: Message) {
        if isDisposed { return }
        switch message {
        case .source(let event):
            if switched { return }
            switch event {
            case .next:
                timerID &+= 1
                forwardOn(event)
                startTimer(id: timerID)
            case .error, .completed:
                forwardTerminal(event)
            }
        case .timer(let id):
            guard !switched, id == timerID else { return }
            switched = true
            subscription.disposable = other.subscribe(TimeoutOtherObserver(sink: self))
        case .other(let event):
            if event.isStopEvent {
                forwardTerminal(event)
            } else {
                forwardOn(event)
            }
        }
    }
}

/// Feeds the fallback sequence's events to the sink after a timeout.
final class TimeoutOtherObserver<Observer: ObserverType>: ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element
    private let sink: TimeoutSink<Observer>

    init(sink: TimeoutSink<Observer>) {
        self.sink = sink
    }

    func on(_ event: Event<Element>) {
        sink.submit(.other(event))
    }
}
