extension SharedSequenceConvertibleType {
    /// The elements of each inner sequence, one after another. Same as RxCocoa's `concatMap`.
    public func concatMap<Sharing: SharedSequenceConvertibleType>(_ selector: @escaping (Element) -> Sharing) -> SharedSequence<SharingStrategy, Sharing.Element>
        where Sharing.SharingStrategy == SharingStrategy {
        SharedSequence(asObservable().concatMap(selector))
    }
}
