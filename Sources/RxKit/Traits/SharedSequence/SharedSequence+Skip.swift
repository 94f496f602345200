extension SharedSequenceConvertibleType {
    /// All but the first `count` elements. Same as RxCocoa's `skip(_:)`.
    public func skip(_ count: Int) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().skip(count))
    }
}
