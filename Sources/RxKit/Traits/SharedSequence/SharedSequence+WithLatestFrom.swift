extension SharedSequenceConvertibleType {
    /// Each element combined with the latest element of `second`. Same as RxCocoa's `withLatestFrom`.
    public func withLatestFrom<Second: SharedSequenceConvertibleType, Result>(_ second: Second, resultSelector: @escaping (Element, Second.Element) -> Result)
        -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().withLatestFrom(second.asSharedSequence(), resultSelector: resultSelector))
    }

    /// The latest element of `second` at each element. Same as RxCocoa's `withLatestFrom`.
    public func withLatestFrom<Second: SharedSequenceConvertibleType>(_ second: Second) -> SharedSequence<SharingStrategy, Second.Element> {
        SharedSequence(asObservable().withLatestFrom(second.asSharedSequence()))
    }
}
