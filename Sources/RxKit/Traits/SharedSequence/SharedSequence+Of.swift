extension SharedSequence {
    /// `elements` on the sharing scheduler, then completion. Same as RxCocoa's `of`.
    public static func of(_ elements: Element...) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(elements, scheduler: SharingStrategy.scheduler))
    }
}
