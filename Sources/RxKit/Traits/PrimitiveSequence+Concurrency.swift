extension PrimitiveSequenceType where Trait == SingleTrait {
    /// A `Single` whose subscription starts a task running `block`; its result is the `Single`'s outcome.
    /// The task runs at `priority`, detached from the subscriber's task if `detached`; disposing the
    /// subscription cancels it. Same as RxSwift's `Single.from(priority:detached:_:)`.
    public static func from(priority: TaskPriority? = nil, detached: Bool = false,
                            _ block: @escaping @Sendable () async throws -> Element) -> Single<Element> {
        PrimitiveSequence(raw: Observable<Element>.onTask(priority: priority, detached: detached) { observer in
            observer.onNext(try await block())
        })
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// A `Maybe` whose subscription starts a task running `block`: its result is the element, its error the
    /// failure; a `nil` block completes empty. The task runs at `priority`, detached from the subscriber's
    /// task if `detached`; disposing the subscription cancels it. Same as RxSwift's
    /// `Maybe.from(priority:detached:_:)`.
    public static func from(priority: TaskPriority? = nil, detached: Bool = false,
                            _ block: (@Sendable () async throws -> Element)?) -> Maybe<Element> {
        PrimitiveSequence(raw: Observable<Element>.onTask(priority: priority, detached: detached) { observer in
            if let block { observer.onNext(try await block()) }
        })
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// A `Completable` whose subscription starts a task running `block`: returning completes, throwing fails.
    /// The task runs at `priority`, detached from the subscriber's task if `detached`; disposing the
    /// subscription cancels it. Same as RxSwift's `Completable.from(priority:detached:_:)`.
    public static func from(priority: TaskPriority? = nil, detached: Bool = false,
                            _ block: @escaping @Sendable () async throws -> Void) -> Completable {
        PrimitiveSequence(raw: Observable<Never>.onTask(priority: priority, detached: detached) { _ in
            try await block()
        })
    }
}
