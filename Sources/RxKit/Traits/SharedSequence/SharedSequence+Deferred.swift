extension SharedSequence {
    /// A sequence made by `factory` for each subscription. Same as RxCocoa's `deferred`.
    public static func deferred(_ factory: @escaping () -> SharedSequence<SharingStrategy, Element>) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.deferred { factory().asObservable() })
    }
}
