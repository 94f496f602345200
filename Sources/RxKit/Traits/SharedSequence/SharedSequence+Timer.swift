extension SharedSequence where Element: RxAbstractInteger {
    /// `0` after `dueTime`, then each `period` the next integer. Same as RxCocoa's `timer`.
    public static func timer(_ dueTime: RxTimeInterval, period: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.timer(dueTime, period: period, scheduler: SharingStrategy.scheduler))
    }
}
