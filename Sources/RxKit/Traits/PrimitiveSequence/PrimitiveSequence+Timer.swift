extension PrimitiveSequenceType where Element: RxAbstractInteger {
    /// A trait that emits `0` after `dueTime` (and completes). Same as RxSwift's `timer(_:scheduler:)`.
    public static func timer(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable<Element>.timer(dueTime, scheduler: scheduler))
    }
}
