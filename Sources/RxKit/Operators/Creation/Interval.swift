import Foundation

extension ObservableType where Element: RxAbstractInteger {
    /// Sends `0, 1, 2, …`, one every `period` on `scheduler`, the first after one `period`; it ends only
    /// when disposed. Same as RxSwift's `interval(_:scheduler:)`.
    public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        TimerProducer(dueTime: period, period: period, scheduler: scheduler)
    }
}

extension ObservableType where Element: RxAbstractInteger {
    /// `interval(_:scheduler:)` with the period in seconds (truncated to whole milliseconds), as
    /// RxSwift's deprecated overload.
    @available(*, deprecated, message: "Use DispatchTimeInterval overload instead.", renamed: "interval(_:scheduler:)")
    public static func interval(_ period: Foundation.TimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        interval(.milliseconds(Int(period * 1_000)), scheduler: scheduler)
    }
}
