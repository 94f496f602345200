extension InfallibleType {
    /// Each element once `dueTime` passes without a newer one. Same as RxSwift's `Infallible.debounce`.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().debounce(dueTime, scheduler: scheduler))
    }
}
