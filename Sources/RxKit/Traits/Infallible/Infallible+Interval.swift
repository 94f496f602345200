extension InfallibleType where Element: RxAbstractInteger {
    /// `0, 1, 2, …` every `period`. Same as RxSwift's `Infallible.interval`.
    public static func interval(_ period: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(Observable<Element>.interval(period, scheduler: scheduler))
    }
}
