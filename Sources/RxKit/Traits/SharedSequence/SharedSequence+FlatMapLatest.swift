extension SharedSequenceConvertibleType {
    /// The elements of the latest inner sequence. Same as RxCocoa's `flatMapLatest`.
    public func flatMapLatest<Sharing: SharedSequenceConvertibleType>(_ selector: @escaping (Element) -> Sharing) -> SharedSequence<SharingStrategy, Sharing.Element>
        where Sharing.SharingStrategy == SharingStrategy {
        SharedSequence(asObservable().flatMapLatest(selector))
    }
}
