extension SharedSequenceConvertibleType {
    /// At most one element per `dueTime`, timed on the sharing scheduler. Same as RxCocoa's `throttle`.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().throttle(dueTime, latest: latest, scheduler: SharingStrategy.scheduler))
    }
}
