extension SharedSequence {
    /// `array`'s elements on the sharing scheduler, then completion. Same as RxCocoa's `from(_:)`.
    public static func from(_ array: [Element]) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(array, scheduler: SharingStrategy.scheduler))
    }

    /// `sequence`'s elements on the sharing scheduler, then completion. Same as RxCocoa's `from(_:)`.
    public static func from<Sequence: Swift.Sequence>(_ sequence: Sequence) -> SharedSequence<SharingStrategy, Element> where Sequence.Element == Element {
        SharedSequence(raw: Observable.from(sequence, scheduler: SharingStrategy.scheduler))
    }

    /// The optional's value if any, then completion, on the sharing scheduler. Same as RxCocoa's `from(optional:)`.
    public static func from(optional: Element?) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(raw: Observable.from(optional: optional).subscribe(on: SharingStrategy.scheduler))
    }
}
