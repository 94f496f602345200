extension SharedSequenceConvertibleType {
    /// Every event shifted later by `dueTime` on the sharing scheduler. Same as RxCocoa's `delay`.
    public func delay(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().delay(dueTime, scheduler: SharingStrategy.scheduler))
    }
}
