extension SharedSequence {
    /// Completion, on the sharing scheduler. Same as RxCocoa's `empty`.
    public static func empty() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.empty().subscribe(on: SharingStrategy.scheduler))
    }
}
