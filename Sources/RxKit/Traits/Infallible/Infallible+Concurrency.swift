import ReactiveBridgePrimitives

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

/// An `AsyncStream` of a sequence that cannot error (Infallible, Driver, Signal).
func infallibleValues<Element: Sendable>(_ source: Observable<Element>) -> AsyncStream<Element> {
    AsyncStream { continuation in
        let subscription = source.subscribe(
            onNext: { continuation.yield($0) },
            onError: { _ in continuation.finish() },
            onCompleted: { continuation.finish() }
        )
        let disposable = UncheckedSendable(subscription)
        continuation.onTermination = { _ in disposable.value.dispose() }
    }
}

extension InfallibleType where Element: Sendable {
    /// The elements as an `AsyncStream` (an `Infallible` cannot throw). Same as RxSwift's `Infallible.values`.
    public var values: AsyncStream<Element> { infallibleValues(asObservable()) }
}
