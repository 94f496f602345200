extension InfallibleType where Element: RxAbstractInteger {
    /// `0` after `dueTime`, then each `period` the next integer. Same as RxSwift's `Infallible.timer`.
    public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval? = nil, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(Observable<Element>.timer(dueTime, period: period, scheduler: scheduler))
    }
}
