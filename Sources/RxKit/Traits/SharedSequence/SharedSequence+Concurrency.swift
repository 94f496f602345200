extension SharedSequence where SharingStrategy == DriverSharingStrategy {
    /// A `Driver` of the result of a task running `block`, with `onErrorJustReturn` in place of a failure.
    /// Same as RxCocoa's `Driver.from(priority:detached:_:onErrorJustReturn:)`.
    public static func from(priority: TaskPriority? = nil, detached: Bool = false,
                            _ block: @escaping @Sendable () async throws -> Element,
                            onErrorJustReturn: Element) -> Driver<Element> {
        Single.from(priority: priority, detached: detached, block).asDriver(onErrorJustReturn: onErrorJustReturn)
    }

    /// A `Driver` of the result of a task running `block`, continuing with `onErrorDriveWith` after a failure.
    /// Same as RxCocoa's `Driver.from(priority:detached:_:onErrorDriveWith:)`.
    public static func from(priority: TaskPriority? = nil, detached: Bool = false,
                            _ block: @escaping @Sendable () async throws -> Element,
                            onErrorDriveWith: Driver<Element>) -> Driver<Element> {
        Single.from(priority: priority, detached: detached, block).asDriver(onErrorDriveWith: onErrorDriveWith)
    }

    /// A `Driver` of the result of a task running `block`, continuing with what `onErrorRecover` returns for
    /// a failure. Same as RxCocoa's `Driver.from(priority:detached:_:onErrorRecover:)`.
    public static func from(priority: TaskPriority? = nil, detached: Bool = false,
                            _ block: @escaping @Sendable () async throws -> Element,
                            onErrorRecover: @escaping (Swift.Error) -> Driver<Element>) -> Driver<Element> {
        Single.from(priority: priority, detached: detached, block).asDriver(onErrorRecover: onErrorRecover)
    }
}

extension SharedSequence where SharingStrategy == SignalSharingStrategy {
    /// A `Signal` of the result of a task running `block`, with `onErrorJustReturn` in place of a failure.
    /// Same as RxCocoa's `Signal.from(priority:detached:_:onErrorJustReturn:)`.
    public static func from(priority: TaskPriority? = nil, detached: Bool = false,
                            _ block: @escaping @Sendable () async throws -> Element,
                            onErrorJustReturn: Element) -> Signal<Element> {
        Single.from(priority: priority, detached: detached, block).asSignal(onErrorJustReturn: onErrorJustReturn)
    }

    /// A `Signal` of the result of a task running `block`, continuing with `onErrorSignalWith` after a failure.
    /// Same as RxCocoa's `Signal.from(priority:detached:_:onErrorSignalWith:)`.
    public static func from(priority: TaskPriority? = nil, detached: Bool = false,
                            _ block: @escaping @Sendable () async throws -> Element,
                            onErrorSignalWith: Signal<Element>) -> Signal<Element> {
        Single.from(priority: priority, detached: detached, block).asSignal(onErrorSignalWith: onErrorSignalWith)
    }

    /// A `Signal` of the result of a task running `block`, continuing with what `onErrorRecover` returns for
    /// a failure. Same as RxCocoa's `Signal.from(priority:detached:_:onErrorRecover:)`.
    public static func from(priority: TaskPriority? = nil, detached: Bool = false,
                            _ block: @escaping @Sendable () async throws -> Element,
                            onErrorRecover: @escaping (Swift.Error) -> Signal<Element>) -> Signal<Element> {
        Single.from(priority: priority, detached: detached, block).asSignal(onErrorRecover: onErrorRecover)
    }
}

extension SharedSequence where Element: Sendable {
    /// The elements as an `AsyncStream` (a `Driver`/`Signal` cannot throw). Same as RxCocoa's `values`.
    public var values: AsyncStream<Element> { infallibleValues(asObservable()) }
}
