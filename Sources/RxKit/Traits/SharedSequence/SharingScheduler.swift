import ReactiveBridgePrimitives

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

    /// 1 once any `mock` has begun, and never cleared: until then no task can see a mocked scheduler, so
    /// `make` skips the task-local look-up (about 130 instructions per Driver or Signal conversion). Not a
    /// count of mocks in progress: a `Task` made inside `mock` keeps its binding after `mock` returns.
    private static let everMocked = AtomicWord()

    /// `mocked`, read only if some `mock` has begun.
    private static var activeMock: Factory? {
        everMocked.load() == 0 ? nil : mocked
    }

    /// Makes the scheduler that `Driver`/`Signal` operators built now deliver on. Same as RxCocoa's
    /// `SharingScheduler.make`.
    public static var make: () -> SchedulerType {
        if let mocked = activeMock { return mocked.make }
        return { MainScheduler() }
    }

    /// Whether a `mock` is active for the caller.
    static var isMocked: Bool { activeMock != nil }

    /// Runs `action` with `scheduler` as the sharing scheduler. Same as RxCocoa's `mock(scheduler:action:)`.
    public static func mock(scheduler: SchedulerType, action: () throws -> Void) rethrows {
        try mock(makeScheduler: { scheduler }, action: action)
    }

    /// Runs `action` with schedulers made by `makeScheduler`. Same as RxCocoa's `mock(makeScheduler:action:)`.
    public static func mock(makeScheduler: @escaping () -> SchedulerType, action: () throws -> Void) rethrows {
        everMocked.store(1)
        return try $mocked.withValue(Factory(makeScheduler)) { try action() }
    }

    /// Async variant of `mock(scheduler:action:)`.
    public static func mock(scheduler: SchedulerType, action: () async throws -> Void) async rethrows {
        try await mock(makeScheduler: { scheduler }, action: action)
    }

    /// Async variant of `mock(makeScheduler:action:)`: the schedulers made by `makeScheduler` stay in
    /// force across the suspension points of `action` (the value is task-local).
    public static func mock(makeScheduler: @escaping () -> SchedulerType, action: () async throws -> Void) async rethrows {
        everMocked.store(1)
        return try await $mocked.withValue(Factory(makeScheduler)) { try await action() }
    }
}
