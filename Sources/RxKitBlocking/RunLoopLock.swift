import Dispatch
import Foundation
import ReactiveBridgePrimitives
import RxKit

/// Blocks the calling thread until `stop()` or the timeout, as RxBlocking's run-loop lock does.
///
/// On the main thread it keeps the main run loop turning while it waits, so `MainScheduler` and
/// `DispatchQueue.main` work the awaited sequence depends on still runs (a stop from another thread wakes the
/// run loop with an empty main-queue block). On any other thread it waits on a semaphore.
final class RunLoopLock: @unchecked Sendable {
    private let timeout: TimeInterval?
    private let runsMainRunLoop = Thread.isMainThread
    private let semaphore = DispatchSemaphore(value: 0)
    private let lock = Lock()
    // Guarded by `lock`.
    private var stopped = false
    private var ran = false

    init(timeout: TimeInterval?) {
        self.timeout = timeout
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// Runs `action` (the subscription) on the calling thread, inside a current-thread scheduler trampoline
    /// if none is active, as RxBlocking does.
    func dispatch(_ action: @escaping () -> Void) {
        if CurrentThreadScheduler.isScheduleRequired {
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                action()
                return Disposables.create()
            }
        } else {
            action()
        }
    }

    /// Ends the wait (from any thread; later calls do nothing).
    func stop() {
        lock.lock()
        let first = !stopped
        stopped = true
        lock.unlock()
        guard first else { return }
        if runsMainRunLoop {
            // The main run loop is woken by main-queue work; on the main thread it is already awake.
            if !Thread.isMainThread { DispatchQueue.main.async {} }
        } else {
            semaphore.signal()
        }
    }

    /// Waits for `stop()`; throws `RxError.timeout` if the timeout passes first. Call once.
    func run() throws {
        lock.lock()
        precondition(!ran, "RunLoopLock.run() can only be called once")
        ran = true
        lock.unlock()
        // An infinite or absurdly long timeout waits as long as it takes (a year bounds the deadline
        // arithmetic; RxBlocking's own callers use seconds).
        let deadline = timeout.flatMap { $0.isFinite && $0 < 31_536_000 ? Date(timeIntervalSinceNow: $0) : nil }
        if runsMainRunLoop {
            while !isStopped {
                let limit = deadline ?? .distantFuture
                if limit.timeIntervalSinceNow <= 0 { throw RxError.timeout }
                _ = RunLoop.current.run(mode: .default, before: limit)
            }
        } else if let deadline {
            let wait = DispatchTime.now() + max(0, deadline.timeIntervalSinceNow)
            if semaphore.wait(timeout: wait) == .timedOut, !isStopped { throw RxError.timeout }
        } else {
            semaphore.wait()
        }
    }
}
