extension InfallibleType {
    /// `array`'s elements, then completion. Same as RxSwift's `Infallible.from(_:)`.
    public static func from(_ array: [Element], scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Infallible<Element> {
        Infallible(.from(array, scheduler: scheduler))
    }

    /// `sequence`'s elements, then completion. Same as RxSwift's `Infallible.from(_:)`.
    public static func from<Sequence: Swift.Sequence>(_ sequence: Sequence, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Infallible<Element>
        where Sequence.Element == Element {
        Infallible(.from(sequence, scheduler: scheduler))
    }

    /// The optional's value if any, then completion. Same as RxSwift's `Infallible.from(optional:)`.
    public static func from(optional: Element?) -> Infallible<Element> { Infallible(.from(optional: optional)) }
}
