extension ObservableConvertibleType {
    /// The sequence as a `Signal` that emits `onErrorJustReturn` and completes in place of an error.
    /// Same as RxCocoa's `asSignal(onErrorJustReturn:)`.
    @inlinable  // the share is made in the caller's specialised code (see `asDriver(onErrorJustReturn:)`)
    public func asSignal(onErrorJustReturn: Element) -> Signal<Element> {
        // `observe(on:)`, then `catchAndReturn(onErrorJustReturn)` shared as `SignalSharingStrategy` shares,
        // as one share whose connection makes the hop and replaces the error itself (see
        // `CatchReturnShareConnection`).
        Signal(raw: CatchReturnShareWhileConnected(upstream: asObservable(), observedOn: SignalSharingStrategy.scheduler,
                                                   fallback: onErrorJustReturn, replaysLatest: false,
                                                   makeConnection: { CatchReturnShareConnection<Element>(parent: $0) }))
    }

    /// The sequence as a `Signal` that continues with `onErrorSignalWith` in place of an error.
    /// Same as RxCocoa's `asSignal(onErrorSignalWith:)`.
    public func asSignal(onErrorSignalWith: Signal<Element>) -> Signal<Element> {
        Signal(asObservable().observe(on: SignalSharingStrategy.scheduler).catch { _ in onErrorSignalWith.asObservable() })
    }

    /// The sequence as a `Signal` that continues with what `onErrorRecover` returns for the error.
    /// Same as RxCocoa's `asSignal(onErrorRecover:)`.
    public func asSignal(onErrorRecover: @escaping (Swift.Error) -> Signal<Element>) -> Signal<Element> {
        Signal(asObservable().observe(on: SignalSharingStrategy.scheduler).catch { onErrorRecover($0).asObservable() })
    }
}
