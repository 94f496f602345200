import Dispatch
import Foundation
import ReactiveBridgePrimitives

/// Tells whether the caller runs on the main queue. A queue-specific key is more reliable than
/// `Thread.isMainThread`: on Linux, after `dispatchMain()` the main queue is drained by a worker thread.
enum MainQueueCheck {
    private static let key: DispatchSpecificKey<UInt8> = {
        let key = DispatchSpecificKey<UInt8>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return key
    }()

    /// Inside a main-queue block, or on the main thread (which drains the main queue whenever it is not
    /// parked in `dispatchMain()`).
    @inline(__always)
    static var isOnMainQueue: Bool {
        #if canImport(Darwin)
        // The thread test first: it is a comparison, where the queue-specific look-up is a generic call.
        return Thread.isMainThread || DispatchQueue.getSpecific(key: key) != nil
        #else
        // On Linux `Thread.isMainThread` is a `getpid` system call (it compares the thread id with the
        // process id), paid per element by a `Driver`'s `observe(on: MainScheduler)`. So the main thread's
        // `pthread_t` is remembered the first time it is recognised, and compared afterwards. The main
        // thread lives as long as the process, so its `pthread_t` names no other thread meanwhile.
        let known = mainThread.load()
        if known != 0 && known == Int(bitPattern: UInt(pthread_self())) { return true }
        return isOnMainQueueSlow()
        #endif
    }

    #if !canImport(Darwin)
    /// The main thread's `pthread_t` once recognised (0 before).
    private static let mainThread = AtomicWord()

    /// Not the main thread if the main thread is known (only `Thread.isMainThread` can tell otherwise).
    @inline(never)
    private static func isOnMainQueueSlow() -> Bool {
        if mainThread.load() == 0 && Thread.isMainThread {
            mainThread.store(Int(bitPattern: UInt(pthread_self())))
            return true
        }
        return DispatchQueue.getSpecific(key: key) != nil
    }
    #endif

    /// Remembers the calling thread if it is the main thread and none is known yet: a `MainScheduler` is
    /// usually made there, and then a check from another thread asks only the queue. One load once known.
    @inline(__always)
    static func noteIfMainThread() {
        #if !canImport(Darwin)
        if mainThread.load() == 0 && Thread.isMainThread {
            mainThread.store(Int(bitPattern: UInt(pthread_self())))
        }
        #endif
    }
}

/// Runs work on the main thread. Same as RxSwift's `MainScheduler`:
/// `MainScheduler.instance` runs work **inline** when called on the main thread and nothing it scheduled
/// is still waiting; otherwise it dispatches to the main queue. `MainScheduler.asyncInstance` always
/// dispatches.
///
/// On Linux the main queue only runs while the main thread services it: call `RunLoop.main.run(until:)`
/// (what `swift run demo` does) or `dispatchMain()` from the program's main thread.
public final class MainScheduler: SerialDispatchQueueScheduler, @unchecked Sendable {
    /// RxSwift's rule: run inline only on the main queue and when no work this scheduler started is
    /// unfinished. That work is counted in two parts: `dispatched` (blocks sent to the main queue and not
    /// yet run; incremented from any thread, so atomic) and `inlineDepth` (inline runs in progress; only
    /// ever touched on the main queue, which is serial, so a plain counter). The inline path thus reads one
    /// word and takes no lock, where one shared counter would need two read-modify-writes per element.
    /// `dispatched` lives in the superclass's spare word (see `SerialDispatchQueueScheduler`).
    @inline(__always) private var dispatchedCount: Int { InlineWord.load(self) }
    @inline(__always) private func addDispatched(_ delta: Int) { _ = InlineWord.fetchAdd(self, delta) }
    @exclusivity(unchecked) private var inlineDepth = 0

    /// The main-thread scheduler that runs inline when it can.
    public static let instance = MainScheduler()

    /// A main-thread scheduler that always dispatches asynchronously.
    public static let asyncInstance = SerialDispatchQueueScheduler(serialQueue: mainQueue)

    /// `DispatchQueue.main`, fetched once: on Linux each read of it wraps the main queue in a new object
    /// (an allocation per `MainScheduler()`, which every `Driver`/`Signal` conversion makes).
    static let mainQueue = DispatchQueue.main

    /// A scheduler for the main queue.
    public init() {
        super.init(serialQueue: Self.mainQueue, handsOffSinkActions: false)
        MainQueueCheck.noteIfMainThread()
    }

    /// Fails with `errorMessage` unless called on the main thread.
    public static func ensureExecutingOnScheduler(errorMessage: String? = nil) {
        precondition(MainQueueCheck.isOnMainQueue, errorMessage ?? "Executing on a background thread. Call this from the main thread (MainScheduler).")
    }

    /// Fails with `errorMessage` unless called on the main thread.
    public static func ensureRunningOnMainThread(errorMessage: String? = nil) {
        precondition(MainQueueCheck.isOnMainQueue, errorMessage ?? "Running on a background thread. Call this from the main thread.")
    }

    /// Whether work scheduled now runs inline. Reads `inlineDepth` only once on the main queue.
    @inline(__always)
    private var runsInline: Bool {
        // The count first: off the main thread, while blocks wait for the main queue (a stream sent from
        // another thread), it answers with one load, before the queue look-up of `isOnMainQueue`.
        dispatchedCount == 0 && MainQueueCheck.isOnMainQueue && inlineDepth == 0
    }

    override func scheduleInternal<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        if runsInline {
            inlineDepth += 1
            defer { inlineDepth -= 1 }
            return action(state)
        }
        return dispatchToMain(state, action: action)
    }

    override func scheduleUncancellable(_ work: @escaping @convention(block) () -> Void) {
        if runsInline {
            inlineDepth += 1
            work()
            inlineDepth -= 1
            return
        }
        addDispatched(1)
        MainQueueHandOff.shared.send(work, countedBy: self)
    }

    /// A hand-off item, counted as dispatched and sent straight to the main queue: its receiver counts it
    /// as run (`handOffItemRan`), so it needs no place in `MainQueueHandOff`, whose lock and ring it would
    /// cost on both threads per element.
    override func dispatchHandOffItem(_ item: @escaping @convention(block) () -> Void) {
        addDispatched(1)
        Self.mainQueue.asyncUnchecked(item)
    }

    override func handOffItemRan() {
        addDispatched(-1)
    }

    /// A block `scheduleUncancellable` counted has run.
    fileprivate func dispatchedBlockRan() {
        addDispatched(-1)
    }

    /// A sink's action as a block, through the rule above (this scheduler has no hand-off of its own).
    override func scheduleUncancellable(_ sink: SinkBase, action: Int) {
        scheduleUncancellable { sink.runScheduledAction(action) }
    }

    override func runInlineIfScheduleWould(_ work: () -> Void) -> Bool {
        guard runsInline else { return false }
        inlineDepth += 1
        work()
        inlineDepth -= 1
        return true
    }

    /// The asynchronous branch of `scheduleInternal`, out of line so the inline path (a Driver fed from
    /// the main thread) pays no generic-metadata look-up for the boxed work item.
    @inline(never)
    private func dispatchToMain<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        addDispatched(1)
        let result = SingleAssignmentDisposable()
        let work = UncheckedSendable((state, action, self))
        MainScheduler.mainQueue.async {
            defer { work.value.2.addDispatched(-1) }
            if result.isDisposed { return }
            result.setDisposable(work.value.1(work.value.0))
        }
        return result
    }
}

/// The blocks every `MainScheduler` dispatches through `scheduleUncancellable`, each with the scheduler
/// that counts it, waiting for the main queue in one `QueueHandOff`: the queue runs the hand-off's one block,
/// which runs the oldest waiting block and then tells its scheduler. Counting a block this way makes
/// nothing per call, where a block around it would be two allocations (its context and the block).
/// The hand-off holds its lock across `async`, so each thread's blocks keep their order on the main queue.
/// `observe(on:)`'s per-element items do not come here: their receiver counts them (`dispatchHandOffItem`).
private final class MainQueueHandOff: QueueHandOffReceiver, @unchecked Sendable {
    struct Counted {
        let work: @convention(block) () -> Void
        let scheduler: MainScheduler
    }

    static let shared = MainQueueHandOff()

    /// Made once, with the one instance, which lives as long as the process.
    private var handOff: QueueHandOff<MainQueueHandOff>?

    private init() {
        handOff = QueueHandOff(receiver: self)
    }

    func send(_ work: @escaping @convention(block) () -> Void, countedBy scheduler: MainScheduler) {
        handOff.unsafelyUnwrapped.send(Counted(work: work, scheduler: scheduler), to: MainScheduler.mainQueue)
    }

    @usableFromInline
    func receiveHandedOff(_ counted: Counted) {
        counted.work()
        counted.scheduler.dispatchedBlockRan()
    }
}

/// Runs work on the main thread: inline if already there, otherwise dispatched to the main queue;
/// delayed work goes through `MainScheduler`. Same as RxSwift's `ConcurrentMainScheduler`.
public final class ConcurrentMainScheduler: SchedulerType, @unchecked Sendable {
    private let main: MainScheduler

    /// The shared instance.
    public static let instance = ConcurrentMainScheduler(mainScheduler: MainScheduler.instance)

    private init(mainScheduler: MainScheduler) {
        main = mainScheduler
    }

    /// The current time.
    public var now: Date { main.now }

    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        if MainQueueCheck.isOnMainQueue {
            return action(state)
        }
        let result = SingleAssignmentDisposable()
        let work = UncheckedSendable((state, action))
        MainScheduler.mainQueue.async {
            if result.isDisposed { return }
            result.setDisposable(work.value.1(work.value.0))
        }
        return result
    }

    public func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        main.scheduleRelative(state, dueTime: dueTime, action: action)
    }

    public func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        main.schedulePeriodic(state, startAfter: startAfter, period: period, action: action)
    }
}
