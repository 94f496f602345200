extension InfallibleType {
    /// An `Infallible` whose subscription starts a task running `block`; it emits the result and completes.
    /// The task runs at `priority`, detached from the subscriber's task if `detached`; disposing the
    /// subscription cancels it. Same as RxSwift's `Infallible.from(priority:detached:_:)`.
    public static func from(priority: TaskPriority? = nil, detached: Bool = false,
                            _ block: @escaping @Sendable () async -> Element) -> Infallible<Element> {
        Infallible(Observable<Element>.onTask(priority: priority, detached: detached) { observer in
            observer.onNext(await block())
        })
    }
}
