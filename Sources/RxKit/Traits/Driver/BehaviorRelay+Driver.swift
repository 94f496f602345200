extension BehaviorRelay {
    /// The relay as a `Driver` (it replays the current value). Same as RxCocoa's `BehaviorRelay.asDriver()`.
    public func asDriver() -> Driver<Element> {
        asObservable().asDriver(onErrorRecover: { _ in .empty() })
    }
}
