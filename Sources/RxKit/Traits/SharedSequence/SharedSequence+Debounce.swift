extension SharedSequenceConvertibleType {
    /// Each element once `dueTime` passes without a newer one, timed on the sharing scheduler.
    /// Same as RxCocoa's `debounce`.
    public func debounce(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().debounce(dueTime, scheduler: SharingStrategy.scheduler))
    }
}
