import Foundation

extension ObservableType {
    /// Emits at most one element per `dueTime` window. The first element is emitted at once and opens a
    /// window. With `latest: true`, the last element received during a window is emitted when the window
    /// ends (opening the next one), and completion waits until that element is sent; with
    /// `latest: false`, elements inside a window are dropped. An error drops the pending element and ends
    /// the sequence at once. Timers run on `scheduler`. Same as RxSwift's `throttle(_:latest:scheduler:)`
    /// ("emits the first and the latest item emitted by the source Observable during sequential time
    /// windows"; RxSwift's Throttle.swift measures each window from the last emission).
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType) -> Observable<Element> {
        ThrottleProducer(source: asObservable(), dueTime: dueTime, latest: latest, scheduler: scheduler)
    }
}

final class ThrottleProducer<Element>: TimedProducer<Element>, @unchecked Sendable {
    fileprivate let latest: Bool

    init(source: Observable<Element>, dueTime: RxTimeInterval, latest: Bool, scheduler: SchedulerType) {
        self.latest = latest
        super.init(source: source, dueTime: dueTime, scheduler: scheduler)
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = ThrottleSink(parent: self, observer: observer, cancel: cancel)
        let sourceSubscription = source.subscribe(sink)
        return (sink, Disposables.create(sourceSubscription, sink.timer))
    }
}

/// What reaches the `throttle` sink: a source event, or the end of the current window.
enum ThrottleMessage<Element> {
    case source(Event<Element>)
    case windowEnd
}

final class ThrottleSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element
    private let parent: ThrottleProducer<Element>
    /// The timer that sends the pending element at the end of the window.
    let timer = SerialDisposable()
    private let drain = SerialDrain<ThrottleMessage<Element>>()
    // Only touched inside the drain, which serialises them (no run-time exclusivity checks):
    @exclusivity(unchecked) private var pending: Element?
    @exclusivity(unchecked) private var lastSentAt: RxTime?
    @exclusivity(unchecked) private var completionDeferred = false

    init(parent: ThrottleProducer<Element>, observer: Observer, cancel: SinkLink?) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        submit(.source(event))
    }

    func submit(_ message: ThrottleMessage<Element>) {
        drain.submit(message) { message in
            switch message {
            case .source(.next(let element)):
                let remaining = remainingWindow()
                if remaining <= 0 {
                    send(element)
                    return
                }
                guard parent.latest else { return }
                let windowEndScheduled = pending != nil
                pending = element
                if windowEndScheduled { return }
                // The action captures nothing: its state carries the sink.
                timer.disposable = parent.scheduler.scheduleRelative(self, dueTime: .nanoseconds(remaining)) { sink in
                    sink.submit(.windowEnd)
                    return Disposables.create()
                }
            case .source(.error(let error)):
                pending = nil
                forwardError(error)
            case .source(.completed):
                if pending != nil {
                    completionDeferred = true
                } else {
                    forwardCompleted()
                }
            case .windowEnd:
                if let element = pending {
                    send(element)
                }
                if completionDeferred {
                    forwardCompleted()
                }
            }
        }
    }

    /// Nanoseconds left in the current window (0 or less: no window open).
    private func remainingWindow() -> Int {
        guard let lastSentAt else { return 0 }
        let elapsed = max(0, parent.scheduler.now.timeIntervalSince(lastSentAt))
        let elapsedNanoseconds = elapsed >= Double(Int.max / 1_000_000_000) ? Int.max : Int((elapsed * 1_000_000_000).rounded())
        return parent.dueTime.nanosecondsValue &- elapsedNanoseconds
    }

    private func send(_ element: Element) {
        pending = nil
        forwardOn(.next(element))
        // Measured after delivery, as RxSwift does, so slow downstream work does not eat into the window.
        lastSentAt = parent.scheduler.now
    }
}
