extension InfallibleType {
    /// Delivers on `scheduler`. Same as RxSwift's `Infallible.observe(on:)`.
    public func observe(on scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(asObservable().observe(on: scheduler))
    }
}
