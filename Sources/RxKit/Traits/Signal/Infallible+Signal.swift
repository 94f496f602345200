extension InfallibleType {
    /// The sequence as a `Signal` (it cannot error). Same as RxSwift's `Infallible.asSignal()`.
    public func asSignal() -> Signal<Element> {
        Signal(asObservable().observe(on: SignalSharingStrategy.scheduler))
    }
}
