import Foundation

extension ObservableType {
    /// Collects elements into arrays, sending each array when it holds `count` elements or when
    /// `timeSpan` has passed since the previous array was sent (or since subscription), whichever comes
    /// first; a full array restarts the time span. Arrays sent by the timer may be empty. On
    /// completion the current array (possibly empty) is sent, then completion; on error the current
    /// array is dropped. Timers run on `scheduler`. Same as RxSwift's `buffer(timeSpan:count:scheduler:)`.
    ///
    /// `count` must be positive (use `Int.max` for a buffer bounded by time only).
    public func buffer(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<[Element]> {
        precondition(count > 0, "buffer(timeSpan:count:scheduler:) was given count \(count); pass a positive count (Int.max for a buffer bounded by time only).")
        return BufferProducer(source: asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler)
    }
}

final class BufferProducer<Element>: Producer<[Element]>, @unchecked Sendable {
    private let source: Observable<Element>
    private let timeSpan: RxTimeInterval
    private let count: Int
    private let scheduler: SchedulerType

    init(source: Observable<Element>, timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) {
        self.source = source
        self.timeSpan = timeSpan
        self.count = count
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == [Element] {
        let sink = BufferSink<Element, Observer>(timeSpan: timeSpan, count: count, scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = sink.run(source: source)
        return (sink, subscription)
    }
}

/// Source events and timer ticks arrive from different places; `drain` serialises them, and the
/// buffer state is touched only inside it.
final class BufferSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable
    where Observer.Element == [Element] {
    enum Message {
        case event(Event<Element>)
        case tick(windowID: Int)
    }

    private let timeSpan: RxTimeInterval
    private let count: Int
    private let scheduler: SchedulerType
    private let drain = SerialDrain<Message>()
    private let timer = SerialDisposable()

    // Drain-only state (the drain serialises it: no run-time exclusivity checks).
    @exclusivity(unchecked) private var buffer: [Element] = []
    @exclusivity(unchecked) private var windowID = 0
    @exclusivity(unchecked) private var stopped = false

    init(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType, observer: Observer, cancel: SinkLink?) {
        self.timeSpan = timeSpan
        self.count = count
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func run(source: Observable<Element>) -> Disposable {
        startTimer(windowID: 0)
        return Disposables.create(timer, source.subscribe(self))
    }

    func on(_ event: Event<Element>) {
        drain.submit(.event(event)) { handle($0) }
    }

    private func handle(_ message: Message) {
        if stopped { return }
        switch message {
        case .event(.next(let element)):
            buffer.append(element)
            if buffer.count == count { sendBufferAndRestart() }
        case .event(.error(let error)):
            stopped = true
            buffer = []
            forwardError(error)
        case .event(.completed):
            stopped = true
            let last = buffer
            buffer = []
            forwardOn(.next(last))
            forwardCompleted()
        case .tick(let id):
            if id == windowID { sendBufferAndRestart() }
        }
    }

    private func sendBufferAndRestart() {
        windowID &+= 1
        let full = buffer
        buffer = []
        forwardOn(.next(full))
        startTimer(windowID: windowID)
    }

    private func startTimer(windowID: Int) {
        // Assign the slot before scheduling, so a tick can never be replaced by an older timer.
        let slot = SingleAssignmentDisposable()
        timer.disposable = slot
        slot.setDisposable(scheduler.scheduleRelative(windowID, dueTime: timeSpan) { [self] id in
            drain.submit(.tick(windowID: id)) { handle($0) }
            return Disposables.create()
        })
    }
}

extension ObservableType {
    /// `buffer(timeSpan:count:scheduler:)` with the time span in seconds (truncated to whole
    /// milliseconds), as RxSwift's deprecated overload.
    @available(*, deprecated, message: "Use DispatchTimeInterval overload instead.", renamed: "buffer(timeSpan:count:scheduler:)")
    public func buffer(timeSpan: Foundation.TimeInterval, count: Int, scheduler: SchedulerType) -> Observable<[Element]> {
        buffer(timeSpan: .milliseconds(Int(timeSpan * 1_000)), count: count, scheduler: scheduler)
    }
}
