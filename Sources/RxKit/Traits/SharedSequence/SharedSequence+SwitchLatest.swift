extension SharedSequenceConvertibleType where Element: SharedSequenceConvertibleType, Element.SharingStrategy == SharingStrategy {
    /// The elements of the latest inner sequence. Same as RxCocoa's `switchLatest()`.
    public func switchLatest() -> SharedSequence<SharingStrategy, Element.Element> {
        SharedSequence(asObservable().flatMapLatest { $0.asObservable() })
    }
}
