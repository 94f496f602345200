import ReactiveBridgePrimitives

/// Disposes its disposable on a given scheduler. Same as RxSwift's `ScheduledDisposable`.
public final class ScheduledDisposable: Cancelable, @unchecked Sendable {
    private let resourceTracking = ResourceTracking()
    /// The scheduler the disposal runs on.
    public let scheduler: ImmediateSchedulerType
    private let lock = Lock()
    private var held: Disposable?

    /// Will dispose `disposable` on `scheduler` when disposed.
    public init(scheduler: ImmediateSchedulerType, disposable: Disposable) {
        self.scheduler = scheduler
        self.held = disposable
    }


    /// Whether disposal has been requested.
    public var isDisposed: Bool { lock.withLock { held == nil } }

    /// Schedules the disposal.
    public func dispose() {
        lock.lock()
        guard let taken = held else {
            lock.unlock()
            return
        }
        held = nil
        lock.unlock()
        _ = scheduler.schedule(taken) { disposable in
            disposable.dispose()
            return Disposables.create()
        }
    }
}
