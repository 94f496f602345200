extension ObservableConvertibleType {
    /// The sequence as a `Signal` that emits `onErrorJustReturn` and completes in place of an error.
    /// Same as RxCocoa's `asSignal(onErrorJustReturn:)`.
    @inlinable  // the share is made in the caller's specialised code (see `asSharedSequence(sharingStrategy:onErrorJustReturn:)`)
    public func asSignal(onErrorJustReturn: Element) -> Signal<Element> {
        asSharedSequence(sharingStrategy: SignalSharingStrategy.self, onErrorJustReturn: onErrorJustReturn)
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
