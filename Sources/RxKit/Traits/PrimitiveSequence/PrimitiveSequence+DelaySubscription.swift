extension PrimitiveSequence {
    /// Subscribes `dueTime` later. Same as RxSwift's `delaySubscription`.
    public func delaySubscription(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.delaySubscription(dueTime, scheduler: scheduler))
    }
}
