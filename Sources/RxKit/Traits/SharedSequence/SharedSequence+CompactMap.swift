extension SharedSequenceConvertibleType {
    /// The non-`nil` transformed elements. Same as RxCocoa's `compactMap`.
    public func compactMap<Result>(_ selector: @escaping (Element) -> Result?) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().compactMap(selector))
    }
}
