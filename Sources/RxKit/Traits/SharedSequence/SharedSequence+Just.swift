extension SharedSequence {
    /// `element` delivered on the sharing scheduler, then completion. Same as RxCocoa's `just`.
    public static func just(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.just(element).subscribe(on: SharingStrategy.scheduler))
    }
}
