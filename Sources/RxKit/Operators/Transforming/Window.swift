import Foundation

extension ObservableType {
    /// Splits the elements into windows (observables): a window is sent at subscription, and each
    /// time the current window completes — when it has received `count` elements or `timeSpan` has
    /// passed since it opened, whichever comes first — a new one opens and is sent. The source's
    /// error or completion goes to the current window and then downstream. Timers run on `scheduler`.
    /// Same as RxSwift's `window(timeSpan:count:scheduler:)`.
    ///
    /// Windows are hot (subscribe when you receive them). As in RxSwift, a subscribed window keeps the
    /// source subscription (and the timer) alive after the outer subscription is disposed.
    /// `count` must be positive (use `Int.max` for windows bounded by time only).
    public func window(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) -> Observable<Observable<Element>> {
        precondition(count > 0, "window(timeSpan:count:scheduler:) was given count \(count); pass a positive count (Int.max for windows bounded by time only).")
        return WindowProducer(source: asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler)
    }
}

final class WindowProducer<Element>: Producer<Observable<Element>>, @unchecked Sendable {
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
        where Observer.Element == Observable<Element> {
        let sink = WindowSink<Element, Observer>(timeSpan: timeSpan, count: count, scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = sink.run(source: source)
        return (sink, subscription)
    }
}

/// Source events and timer ticks arrive from different places; `drain` serialises them, and the
/// window state is touched only inside it.
final class WindowSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable
    where Observer.Element == Observable<Element> {
    enum Message {
        case event(Event<Element>)
        case tick(windowID: Int)
    }

    private let timeSpan: RxTimeInterval
    private let maxCount: Int
    private let scheduler: SchedulerType
    private let drain = SerialDrain<Message>()
    private let timer = SerialDisposable()
    private let sourceSubscription = SingleAssignmentDisposable()
    /// The source subscription and timer: disposed on a terminal event, or once the outer subscription
    /// and every window subscription are gone.
    private let upstream: CompositeDisposable
    private let refCount: RefCountDisposable

    // Drain-only state (and `run`, before anything can arrive).
    private var subject = PublishSubject<Element>()
    private var countInWindow = 0
    private var windowID = 0
    private var stopped = false

    init(timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType, observer: Observer, cancel: SinkLink?) {
        self.timeSpan = timeSpan
        self.maxCount = count
        self.scheduler = scheduler
        upstream = CompositeDisposable(timer, sourceSubscription)
        refCount = RefCountDisposable(disposable: upstream)
        super.init(observer: observer, cancel: cancel)
    }

    func run(source: Observable<Element>) -> Disposable {
        forwardOn(.next(WindowObservable(subject: subject, refCount: refCount)))
        startTimer(windowID: 0)
        sourceSubscription.setDisposable(source.subscribe(self))
        return refCount
    }

    func on(_ event: Event<Element>) {
        drain.submit(.event(event)) { handle($0) }
    }

    private func handle(_ message: Message) {
        if stopped { return }
        switch message {
        case .event(.next(let element)):
            subject.on(.next(element))
            countInWindow += 1
            if countInWindow == maxCount { openNewWindow() }
        case .event(.error(let error)):
            finish(windowEvent: .error(error), outerEvent: .error(error))
        case .event(.completed):
            finish(windowEvent: .completed, outerEvent: .completed)
        case .tick(let id):
            if id == windowID { openNewWindow() }
        }
    }

    private func finish(windowEvent: Event<Element>, outerEvent: Event<Observer.Element>) {
        stopped = true
        subject.on(windowEvent)
        forwardOn(outerEvent)
        upstream.dispose()  // at once, even while windows are still subscribed
        dispose()
    }

    private func openNewWindow() {
        countInWindow = 0
        windowID &+= 1
        subject.on(.completed)
        subject = PublishSubject<Element>()
        forwardOn(.next(WindowObservable(subject: subject, refCount: refCount)))
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

/// One window: subscribing to it subscribes to its subject and keeps the source alive until the
/// window terminates or the subscription is disposed (RxSwift's `AddRef`).
final class WindowObservable<Element>: Producer<Element>, @unchecked Sendable {
    private let subject: PublishSubject<Element>
    private let refCount: RefCountDisposable

    init(subject: PublishSubject<Element>, refCount: RefCountDisposable) {
        self.subject = subject
        self.refCount = refCount
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let retained = refCount.retain()
        let sink = WindowObservableSink(observer: observer, cancel: cancel)
        return (sink, Disposables.create(subject.subscribe(sink), retained))
    }
}

final class WindowObservableSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    func on(_ event: Event<Observer.Element>) {
        switch event {
        case .next:
            forwardOn(event)
        case .error, .completed:
            forwardTerminal(event)
        }
    }
}

extension ObservableType {
    /// `window(timeSpan:count:scheduler:)` with the time span in seconds (truncated to whole
    /// milliseconds), as RxSwift's deprecated overload.
    @available(*, deprecated, message: "Use DispatchTimeInterval overload instead.", renamed: "window(timeSpan:count:scheduler:)")
    public func window(timeSpan: Foundation.TimeInterval, count: Int, scheduler: SchedulerType) -> Observable<Observable<Element>> {
        window(timeSpan: .milliseconds(Int(timeSpan * 1_000)), count: count, scheduler: scheduler)
    }
}
