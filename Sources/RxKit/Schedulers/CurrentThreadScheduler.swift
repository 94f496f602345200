import ReactiveBridgePrimitives

/// Runs work on the current thread; work scheduled while other work runs on this thread is queued and
/// run after it (a trampoline), which keeps recursive subscriptions from growing the stack.
/// Same as RxSwift's `CurrentThreadScheduler`.
public final class CurrentThreadScheduler: ImmediateSchedulerType, Sendable {
    /// The shared instance.
    public static let instance = CurrentThreadScheduler()

    /// Per thread: `nil` when no trampoline runs; `runningMark` while one runs with nothing queued; the
    /// (retained) `TrampolineQueue` once something was queued. The queue is only allocated when work is
    /// actually deferred, so a top-level `subscribe` that queues nothing allocates nothing here.
    private static let slot = ThreadLocalSlot()
    @inline(__always) private static var runningMark: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: 1)! }

    private init() {}

    /// `true` when no trampoline is running on this thread, so scheduled work would run at once.
    public static var isScheduleRequired: Bool { slot.raw == nil }

    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        if let raw = Self.slot.raw {
            let queue: TrampolineQueue
            if raw == Self.runningMark {
                queue = TrampolineQueue()
                Self.slot.raw = Unmanaged.passRetained(queue).toOpaque()
            } else {
                queue = Unmanaged<TrampolineQueue>.fromOpaque(raw).takeUnretainedValue()
            }
            let item = TrampolineItem { action(state) }
            queue.items.append(item)
            return item
        }
        return Self.runAsTrampoline { action(state) }
    }

    /// Whether the running trampoline on this thread has work queued that has not started yet. Lets a
    /// producer that would schedule one action per element on this scheduler (`from`) loop instead while
    /// nothing else waits: the order of events is then exactly that of one action per element.
    static var hasQueuedWork: Bool {
        guard let raw = slot.raw, raw != runningMark else { return false }
        let queue = Unmanaged<TrampolineQueue>.fromOpaque(raw).takeUnretainedValue()
        return queue.head < queue.items.count
    }

    /// Runs `body` as this thread's trampoline owner, then everything it (transitively) queued, in order.
    /// Only call when `isScheduleRequired`.
    static func runAsTrampoline<Result>(_ body: () -> Result) -> Result {
        slot.raw = runningMark
        defer {
            if let raw = slot.raw, raw != runningMark {
                Unmanaged<TrampolineQueue>.fromOpaque(raw).release()
            }
            slot.raw = nil
        }
        let result = body()
        if let raw = slot.raw, raw != runningMark {
            let queue = Unmanaged<TrampolineQueue>.fromOpaque(raw).takeUnretainedValue()
            while queue.head < queue.items.count {
                let item = queue.items[queue.head]
                queue.head += 1
                item.runUnlessDisposed()
            }
        }
        return result
    }
}

/// One thread's queue (only ever touched by that thread). No dynamic exclusivity checks: `hasQueuedWork`
/// reads it once per element of a `from`, and each check is a runtime call.
private final class TrampolineQueue {
    @exclusivity(unchecked) var items: [TrampolineItem] = []
    @exclusivity(unchecked) var head = 0
}

private final class TrampolineItem: Disposable, @unchecked Sendable {
    private let disposed = OnceFlag()
    private let result = SingleAssignmentDisposable()
    private var work: (() -> Disposable)?

    init(_ work: @escaping () -> Disposable) {
        self.work = work
    }

    func runUnlessDisposed() {
        guard !disposed.isSet, let work else { return }
        self.work = nil
        result.setDisposable(work())
    }

    func dispose() {
        disposed.set()
        result.dispose()
    }
}
