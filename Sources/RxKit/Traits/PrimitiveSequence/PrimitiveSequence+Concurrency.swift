import ReactiveBridgePrimitives

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

/// Resumes a continuation exactly once, with the trait's outcome or with `CancellationError` when the
/// awaiting task is cancelled (which also disposes the subscription).
private final class OutcomeAwaiter<Value: Sendable>: @unchecked Sendable {
    private let lock = Lock()
    private var continuation: CheckedContinuation<Value, Swift.Error>?
    private var subscription: Disposable?
    private var finished = false

    /// Subscribes with `subscribe` and suspends until the outcome arrives or the task is cancelled.
    func await(_ subscribe: (@escaping (Result<Value, Swift.Error>) -> Void) -> Disposable) async throws -> Value {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, Swift.Error>) in
                lock.lock()
                if finished {
                    lock.unlock()
                    continuation.resume(throwing: CancellationError())
                    return
                }
                self.continuation = continuation
                lock.unlock()
                let subscription = subscribe { self.resume($0) }
                lock.lock()
                if finished {
                    lock.unlock()
                    subscription.dispose()
                    return
                }
                self.subscription = subscription
                lock.unlock()
            }
        } onCancel: {
            self.resume(.failure(CancellationError()))
        }
    }

    private func resume(_ result: Result<Value, Swift.Error>) {
        lock.lock()
        if finished {
            lock.unlock()
            return
        }
        finished = true
        let continuation = self.continuation
        let subscription = self.subscription
        self.continuation = nil
        self.subscription = nil
        lock.unlock()
        subscription?.dispose()
        continuation?.resume(with: result)
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait, Element: Sendable {
    /// Awaits the element; throws the failure, or `CancellationError` if the task is cancelled (which
    /// disposes the subscription). Same as RxSwift's `Single.value`.
    public var value: Element {
        get async throws {
            let single = primitiveSequence
            return try await OutcomeAwaiter<Element>().await { resume in
                single.subscribe(onSuccess: { resume(.success($0)) }, onFailure: { resume(.failure($0)) })
            }
        }
    }

    /// A `Single` whose subscription starts a task running `work`; its result is the `Single`'s outcome.
    /// Disposing the subscription cancels the task.
    public static func create(priority: TaskPriority? = nil, work: @escaping @Sendable () async throws -> Element) -> Single<Element> {
        let source = Observable<Element>.onTask(priority: priority, detached: false) { observer in
            observer.onNext(try await work())
            observer.onCompleted()
        }
        return PrimitiveSequence(raw: source)
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait, Element: Sendable {
    /// Awaits the element, or `nil` if the `Maybe` completes empty; throws the error, or
    /// `CancellationError` if the task is cancelled. Same as RxSwift's `Maybe.value`.
    public var value: Element? {
        get async throws {
            let maybe = primitiveSequence
            return try await OutcomeAwaiter<Element?>().await { resume in
                maybe.subscribe(onSuccess: { resume(.success($0)) }, onError: { resume(.failure($0)) }, onCompleted: { resume(.success(nil)) })
            }
        }
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Awaits completion; throws the error, or `CancellationError` if the task is cancelled. Same as
    /// RxSwift's `Completable.value`.
    public var value: Void {
        get async throws {
            let completable = primitiveSequence
            try await OutcomeAwaiter<Void>().await { resume in
                completable.subscribe(onCompleted: { resume(.success(())) }, onError: { resume(.failure($0)) })
            }
        }
    }
}
