extension InfallibleType {
    /// At most one element per `dueTime`. Same as RxSwift's `Infallible.throttle`.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().throttle(dueTime, latest: latest, scheduler: scheduler))
    }
}
