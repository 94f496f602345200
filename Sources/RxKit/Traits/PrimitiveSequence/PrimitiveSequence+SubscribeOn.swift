extension PrimitiveSequence {
    /// Subscribes (and unsubscribes) on `scheduler`. Same as RxSwift's `subscribe(on:)`.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.subscribe(on: scheduler))
    }

    /// Renamed `subscribe(on:)` in RxSwift 6.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> PrimitiveSequence<Trait, Element> {
        subscribe(on: scheduler)
    }
}
