extension SharedSequenceConvertibleType {
    /// The elements of an inner sequence, ignoring elements while one runs. Same as RxCocoa's `flatMapFirst`.
    public func flatMapFirst<Sharing: SharedSequenceConvertibleType>(_ selector: @escaping (Element) -> Sharing) -> SharedSequence<SharingStrategy, Sharing.Element>
        where Sharing.SharingStrategy == SharingStrategy {
        SharedSequence(asObservable().flatMapFirst(selector))
    }
}
