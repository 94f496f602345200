import Foundation

extension ObservableType {
    /// Shifts every element and the completion later by `dueTime`, keeping the intervals between them.
    /// Errors are not delayed: an error is sent at once and drops the elements still waiting (RxSwift
    /// documents: "Error events from the source observable sequence are not delayed"). The upstream
    /// subscription ends as soon as the source terminates. Same as RxSwift's `delay(_:scheduler:)`.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        DelayProducer(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

final class DelayProducer<Element>: TimedProducer<Element>, @unchecked Sendable {
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = DelaySink(dueTime: dueTime, scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink, subscription)
    }
}

/// Queues each event with its due time; one timer at a time delivers the first event due, then waits
/// for the next one's due time (at once if it is due already). Upstream events and timer ticks meet in one `SerialDrain`.
final class DelaySink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element

    enum Message {
        case source(Event<Element>)
        case tick
    }

    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType
    private let drain = SerialDrain<Message>()
    private let sourceSubscription = SingleAssignmentDisposable()
    private let timer = SerialDisposable()
    // Touched only inside the drain, which serialises them (no run-time exclusivity checks):
    @exclusivity(unchecked) private var queue: [(due: RxTime, event: Event<Element>)] = []
    @exclusivity(unchecked) private var head = 0
    @exclusivity(unchecked) private var timerActive = false

    init(dueTime: RxTimeInterval, scheduler: SchedulerType, observer: Observer, cancel: SinkLink?) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<Element>) -> Disposable {
        sourceSubscription.setDisposable(source.subscribe(self))
        return Disposables.create(sourceSubscription, timer)
    }

    func on(_ event: Event<Element>) {
        submit(.source(event))
    }

    private func submit(_ message: Message) {
        drain.submit(message) { handle($0) }
    }

    private func handle(_ message: Message) {
        if isDisposed { return }
        switch message {
        case .source(let event):
            switch event {
            case .error:
                queue = []
                head = 0
                forwardTerminal(event)
            case .next, .completed:
                if event.isStopEvent { sourceSubscription.dispose() }
                queue.append((scheduler.now.addingTimeInterval(dueTime.secondsValue), event))
                if !timerActive {
                    timerActive = true
                    startTimer(after: dueTime)
                }
            }
        case .tick:
            // One event per scheduler action, as RxSwift's delay: events that fall due together go in
            // successive actions (under a virtual-time test scheduler, one tick apart).
            timerActive = false
            guard head < queue.count else { return }
            let now = scheduler.now
            if queue[head].due <= now {
                let event = queue[head].event
                head += 1
                if event.isStopEvent {
                    forwardTerminal(event)
                    return
                }
                forwardOn(event)
                if isDisposed { return }
            }
            if head == queue.count {
                queue.removeAll(keepingCapacity: true)
                head = 0
            } else {
                if head > 32 && head * 2 > queue.count {
                    queue.removeFirst(head)
                    head = 0
                }
                timerActive = true
                let wait = max(0, queue[head].due.timeIntervalSince(now))
                startTimer(after: .nanoseconds(Int(wait * 1_000_000_000)))
            }
        }
    }

    private func startTimer(after interval: RxTimeInterval) {
        timer.disposable = scheduler.scheduleRelative(self, dueTime: interval) { sink in
            sink.submit(.tick)
            return Disposables.create()
        }
    }
}
