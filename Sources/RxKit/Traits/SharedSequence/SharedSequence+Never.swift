extension SharedSequence {
    /// Nothing, ever. Same as RxCocoa's `never`.
    public static func never() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.never())
    }
}
