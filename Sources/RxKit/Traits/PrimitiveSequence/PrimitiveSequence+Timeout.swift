extension PrimitiveSequence {
    /// Fails with `RxError.timeout` unless the outcome arrives within `dueTime`. Same as RxSwift's
    /// `timeout(_:scheduler:)`.
    public func timeout(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.timeout(dueTime, scheduler: scheduler))
    }

    /// Switches to `other` unless the outcome arrives within `dueTime`. Same as RxSwift's
    /// `timeout(_:other:scheduler:)`.
    public func timeout(_ dueTime: RxTimeInterval, other: PrimitiveSequence<Trait, Element>, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.timeout(dueTime, other: other.source, scheduler: scheduler))
    }
}
