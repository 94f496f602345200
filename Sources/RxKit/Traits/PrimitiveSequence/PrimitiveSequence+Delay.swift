extension PrimitiveSequence {
    /// The outcome shifted later by `dueTime` (errors are not delayed). Same as RxSwift's `delay`.
    public func delay(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.delay(dueTime, scheduler: scheduler))
    }
}
