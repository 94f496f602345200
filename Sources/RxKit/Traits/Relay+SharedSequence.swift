// Relays cannot error, so they convert to Driver/Signal without a fallback (RxCocoa's
// PublishRelay+Signal.swift, BehaviorRelay+Driver.swift).

extension PublishRelay {
    /// The relay as a `Signal`. Same as RxCocoa's `PublishRelay.asSignal()`.
    public func asSignal() -> Signal<Element> {
        asObservable().asSignal(onErrorRecover: { _ in .empty() })
    }
}

extension BehaviorRelay {
    /// The relay as a `Driver` (it replays the current value). Same as RxCocoa's `BehaviorRelay.asDriver()`.
    public func asDriver() -> Driver<Element> {
        asObservable().asDriver(onErrorRecover: { _ in .empty() })
    }
}
