extension InfallibleType {
    /// Subscribes (and unsubscribes) on `scheduler`. RxSwift 6's `Infallible` has no such operator;
    /// this is its `Observable.subscribe(on:)`, keeping the result infallible.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(asObservable().subscribe(on: scheduler))
    }
}
