/// Runs work on the current thread; work scheduled while other work runs on this thread is queued and
/// run after it (a trampoline), which keeps recursive subscriptions from growing the stack.
/// Same as RxSwift's `CurrentThreadScheduler`.
public final class CurrentThreadScheduler: ImmediateSchedulerType, Sendable {
    /// The shared instance.
    public static let instance = CurrentThreadScheduler()

    private static let slot = ThreadLocalSlot<TrampolineQueue>()

    private init() {}

    /// `true` when no trampoline is running on this thread, so scheduled work would run at once.
    public static var isScheduleRequired: Bool { slot.value == nil }

    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        if let queue = Self.slot.value {
            let item = TrampolineItem { action(state) }
            queue.items.append(item)
            return item
        }
        let queue = TrampolineQueue()
        Self.slot.value = queue
        defer { Self.slot.value = nil }
        let disposable = action(state)
        while queue.head < queue.items.count {
            let item = queue.items[queue.head]
            queue.head += 1
            item.runUnlessDisposed()
        }
        return disposable
    }
}

private final class TrampolineQueue {
    var items: [TrampolineItem] = []
    var head = 0
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
