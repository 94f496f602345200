extension ObservableConvertibleType {
    /// The sequence as a `SharedSequence` of any sharing strategy (`Driver`'s, `Signal`'s or your own): it
    /// delivers on the strategy's scheduler, emits `onErrorJustReturn` and completes in place of an error,
    /// and is shared as the strategy says. Same as RxCocoa's `asSharedSequence(sharingStrategy:onErrorJustReturn:)`.
    @inlinable  // specialised in the caller: the Driver's or Signal's stage is made there
    public func asSharedSequence<Strategy: SharingStrategyProtocol>(sharingStrategy: Strategy.Type = Strategy.self,
                                                                    onErrorJustReturn: Element) -> SharedSequence<Strategy, Element> {
        if let replaysLatest = sharesWhileConnected(Strategy.self) {
            // Driver and Signal: `observe(on:)`, then `catchAndReturn(onErrorJustReturn)` shared as the strategy
            // shares, as one stage that makes the hop and replaces the error itself (see
            // `CatchReturnSharedStage`).
            return SharedSequence(stage: CatchReturnSharedStage(upstream: asObservable(), observedOn: Strategy.scheduler,
                                                                fallback: onErrorJustReturn, replaysLatest: replaysLatest))
        }
        return SharedSequence(asObservable().observe(on: Strategy.scheduler).catchAndReturn(onErrorJustReturn))
    }

    /// The sequence as a `SharedSequence` of `sharingStrategy` that continues with `onErrorDriveWith` in
    /// place of an error. Same as RxCocoa's `asSharedSequence(sharingStrategy:onErrorDriveWith:)`.
    public func asSharedSequence<Strategy: SharingStrategyProtocol>(sharingStrategy: Strategy.Type = Strategy.self,
                                                                    onErrorDriveWith: SharedSequence<Strategy, Element>)
        -> SharedSequence<Strategy, Element> {
        SharedSequence(asObservable().observe(on: Strategy.scheduler).catch { _ in onErrorDriveWith.asObservable() })
    }

    /// The sequence as a `SharedSequence` of `sharingStrategy` that continues with what `onErrorRecover`
    /// returns for the error. Same as RxCocoa's `asSharedSequence(sharingStrategy:onErrorRecover:)`.
    public func asSharedSequence<Strategy: SharingStrategyProtocol>(sharingStrategy: Strategy.Type = Strategy.self,
                                                                    onErrorRecover: @escaping (Swift.Error) -> SharedSequence<Strategy, Element>)
        -> SharedSequence<Strategy, Element> {
        SharedSequence(asObservable().observe(on: Strategy.scheduler).catch { onErrorRecover($0).asObservable() })
    }
}
