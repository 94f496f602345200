extension SharedSequenceConvertibleType {
    /// `element` first, then the sequence. Same as RxCocoa's `startWith(_:)`.
    public func startWith(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().startWith(element))
    }
}
