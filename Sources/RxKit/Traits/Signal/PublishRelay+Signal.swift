extension PublishRelay {
    /// The relay as a `Signal`. Same as RxCocoa's `PublishRelay.asSignal()`.
    public func asSignal() -> Signal<Element> {
        asObservable().asSignal(onErrorRecover: { _ in .empty() })
    }
}
