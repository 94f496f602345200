extension SharedSequence where Element: RxAbstractInteger {
    /// `0, 1, 2, …` every `period` on the sharing scheduler. Same as RxCocoa's `interval`.
    public static func interval(_ period: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.interval(period, scheduler: SharingStrategy.scheduler))
    }
}
