extension SharedSequenceConvertibleType {
    /// The elements of every inner sequence, merged. Same as RxCocoa's `flatMap`.
    public func flatMap<Sharing: SharedSequenceConvertibleType>(_ selector: @escaping (Element) -> Sharing) -> SharedSequence<SharingStrategy, Sharing.Element>
        where Sharing.SharingStrategy == SharingStrategy {
        SharedSequence(asObservable().flatMap(selector))
    }
}
