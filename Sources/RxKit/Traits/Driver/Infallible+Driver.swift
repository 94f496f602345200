extension InfallibleType {
    /// The sequence as a `Driver` (it cannot error). Same as RxSwift's `Infallible.asDriver()`.
    public func asDriver() -> Driver<Element> {
        Driver(asObservable().observe(on: DriverSharingStrategy.scheduler))
    }
}
