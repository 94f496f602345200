import ReactiveBridgePrimitives

// async/await interop for Observable (RxSwift 6.5's Observable+Concurrency.swift), plus the async `create`
// forms RxSwift users ask for (ReactiveX/RxSwift#2479). The traits' forms are in their folders'
// `+Concurrency.swift` files.
//
// Cancellation works both ways: ending the `for await` loop (or cancelling its task) disposes the
// subscription; disposing an observable built from async work cancels that work's task.

extension ObservableConvertibleType where Element: Sendable {
    /// The elements as an `AsyncThrowingStream`: the stream finishes at completion and throws the error.
    /// Leaving the loop or cancelling the task disposes the subscription. Elements are buffered without
    /// limit while the consumer is busy. Same as RxSwift's `values`.
    public var values: AsyncThrowingStream<Element, Swift.Error> {
        let source = asObservable()
        return AsyncThrowingStream { continuation in
            let subscription = source.subscribe(
                onNext: { continuation.yield($0) },
                onError: { continuation.finish(throwing: $0) },
                onCompleted: { continuation.finish() }
            )
            let disposable = UncheckedSendable(subscription)
            continuation.onTermination = { _ in disposable.value.dispose() }
        }
    }
}

extension ObservableType {
    /// An observable whose subscription starts a task running `subscribe`: elements sent to the observer
    /// are delivered; returning completes the sequence, throwing fails it. Disposing the subscription
    /// cancels the task (check `Task.isCancelled` or call cancellable APIs inside). The async form of
    /// `create` RxSwift users ask for (ReactiveX/RxSwift#2479).
    ///
    /// `subscribe` runs on a task, concurrently with the caller, so it is `@Sendable`.
    public static func create(_ subscribe: @escaping @Sendable (AnyObserver<Element>) async throws -> Void) -> Observable<Element> {
        onTask(priority: nil, detached: false, subscribe)
    }

    /// `create(_:)` whose task runs at `priority`, detached from the subscriber's task if `detached`.
    static func onTask(priority: TaskPriority?, detached: Bool,
                       _ subscribe: @escaping @Sendable (AnyObserver<Element>) async throws -> Void) -> Observable<Element> {
        Observable<Element>.create { (observer: AnyObserver<Element>) -> Disposable in
            let slot = AsyncObserverSlot(observer)
            let forwarder = AnyObserver<Element> { slot.on($0) }
            let operation: @Sendable () async -> Void = {
                do {
                    try await subscribe(forwarder)
                    if !Task.isCancelled { slot.on(.completed) }
                } catch {
                    if !Task.isCancelled { slot.on(.error(error)) }
                }
            }
            let task = detached ? Task.detached(priority: priority, operation: operation) : Task(priority: priority, operation: operation)
            return Disposables.create {
                slot.clear()
                task.cancel()
            }
        }
    }
}

/// The observer an async `create` task sends to. Delivery and disposal are serialised by a recursive
/// lock held across each delivery: disposal waits for a delivery in progress on another thread to end,
/// and once it has returned no event reaches the observer (a delivery checks for disposal under the same
/// lock). An observer disposing from inside its own delivery (same thread) gets through at once. Disposal
/// also empties the slot, so the subscription's sinks are released while the cancelled task winds down.
private final class AsyncObserverSlot<Element>: @unchecked Sendable {
    private let gate = RecursiveLock()
    private var observer: AnyObserver<Element>?  // under `gate`

    init(_ observer: AnyObserver<Element>) {
        self.observer = observer
    }

    func on(_ event: Event<Element>) {
        gate.lock()
        defer { gate.unlock() }
        observer?.on(event)
    }

    func clear() {
        gate.lock()
        let observer = self.observer
        self.observer = nil
        gate.unlock()
        withExtendedLifetime(observer) {}  // released outside the lock
    }
}

extension AsyncSequence where Self: Sendable {
    /// The sequence as an `Observable`: each subscription iterates it on a new task; the end of the
    /// sequence completes, a thrown `CancellationError` completes too (as RxSwift's does), any other
    /// thrown error fails it, and disposing cancels the task. RxSwift's `asObservable(detached:)`, plus a
    /// `priority` for the task (defaulted, so RxSwift's spelling compiles unchanged); the task is detached
    /// from the subscriber's task if `detached`.
    public func asObservable(priority: TaskPriority? = nil, detached: Bool = false) -> Observable<Element> {
        Observable<Element>.onTask(priority: priority, detached: detached) { (observer: AnyObserver<Element>) async throws -> Void in
            do {
                for try await element in self {
                    if Task.isCancelled { return }
                    observer.onNext(element)
                }
            } catch is CancellationError {
                return
            }
        }
    }
}
