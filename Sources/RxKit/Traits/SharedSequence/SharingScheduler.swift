/// The scheduler `Driver` and `Signal` deliver on: `MainScheduler()` normally; a scheduler of your
/// choice inside `SharingScheduler.mock(scheduler:) { … }`. Same as RxCocoa's `SharingScheduler`.
///
/// RxCocoa swaps a global for the duration of `mock`; RxKit binds a task-local value instead, so tests
/// running in parallel each see their own scheduler (and code outside `mock` keeps the main scheduler).
/// The scheduler is read when an operator is built (`asDriver`, `debounce`, `Driver.just`, …), as in
/// RxCocoa, so build the sequences inside the `mock` closure.
public enum SharingScheduler {
    final class Factory: @unchecked Sendable {
        let make: () -> SchedulerType
        init(_ make: @escaping () -> SchedulerType) { self.make = make }
    }

    @TaskLocal static var mocked: Factory?

    /// Makes the scheduler that `Driver`/`Signal` operators built now deliver on. Same as RxCocoa's
    /// `SharingScheduler.make`.
    public static var make: () -> SchedulerType {
        if let mocked { return mocked.make }
        return { MainScheduler() }
    }

    /// Whether a `mock` is active for the caller.
    static var isMocked: Bool { mocked != nil }

    /// Runs `action` with `scheduler` as the sharing scheduler. Same as RxCocoa's `mock(scheduler:action:)`.
    public static func mock(scheduler: SchedulerType, action: () throws -> Void) rethrows {
        try mock(makeScheduler: { scheduler }, action: action)
    }

    /// Runs `action` with schedulers made by `makeScheduler`. Same as RxCocoa's `mock(makeScheduler:action:)`.
    public static func mock(makeScheduler: @escaping () -> SchedulerType, action: () throws -> Void) rethrows {
        try $mocked.withValue(Factory(makeScheduler)) { try action() }
    }

    /// Async variant of `mock(scheduler:action:)`.
    public static func mock(scheduler: SchedulerType, action: () async throws -> Void) async rethrows {
        try await mock(makeScheduler: { scheduler }, action: action)
    }

    /// Async variant of `mock(makeScheduler:action:)`: the schedulers made by `makeScheduler` stay in
    /// force across the suspension points of `action` (the value is task-local).
    public static func mock(makeScheduler: @escaping () -> SchedulerType, action: () async throws -> Void) async rethrows {
        try await $mocked.withValue(Factory(makeScheduler)) { try await action() }
    }
}
