import Foundation

extension ObservableType where Element: RxAbstractInteger {
    /// Sends `0` after `dueTime` on `scheduler`. Without a `period` it then completes; with one it goes
    /// on sending `1, 2, …` every `period` until disposed. Same as RxSwift's `timer(_:period:scheduler:)`.
    public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: SchedulerType) -> Observable<Element> {
        TimerProducer(dueTime: dueTime, period: period, scheduler: scheduler)
    }
}

final class TimerProducer<Element: RxAbstractInteger>: Producer<Element>, @unchecked Sendable {
    private let dueTime: RxTimeInterval
    private let period: RxTimeInterval?
    private let scheduler: SchedulerType

    init(dueTime: RxTimeInterval, period: RxTimeInterval?, scheduler: SchedulerType) {
        self.dueTime = dueTime
        self.period = period
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = TimerSink(observer: observer, cancel: cancel)
        if let period {
            return (sink, sink.runPeriodic(dueTime: dueTime, period: period, scheduler: scheduler))
        }
        return (sink, sink.runOnce(dueTime: dueTime, scheduler: scheduler))
    }
}

final class TimerSink<Observer: ObserverType>: Sink<Observer>, @unchecked Sendable where Observer.Element: RxAbstractInteger {
    func runOnce(dueTime: RxTimeInterval, scheduler: SchedulerType) -> Disposable {
        scheduler.scheduleRelative((), dueTime: dueTime) { [self] _ in
            forwardOn(.next(0))
            forwardCompleted()
            return Disposables.create()
        }
    }

    /// The ticks of one periodic schedule run one after another, so the counter needs no lock.
    func runPeriodic(dueTime: RxTimeInterval, period: RxTimeInterval, scheduler: SchedulerType) -> Disposable {
        scheduler.schedulePeriodic(Observer.Element.zero, startAfter: dueTime, period: period) { [self] tick in
            forwardOn(.next(tick))
            return tick &+ 1
        }
    }
}

extension ObservableType where Element: RxAbstractInteger {
    /// `timer(_:period:scheduler:)` with times in seconds (truncated to whole milliseconds), as
    /// RxSwift's deprecated overload.
    @available(*, deprecated, message: "Use DispatchTimeInterval overload instead.", renamed: "timer(_:period:scheduler:)")
    public static func timer(_ dueTime: Foundation.TimeInterval, period: Foundation.TimeInterval? = nil, scheduler: SchedulerType) -> Observable<Element> {
        timer(.milliseconds(Int(dueTime * 1_000)), period: period.map { .milliseconds(Int($0 * 1_000)) }, scheduler: scheduler)
    }
}
