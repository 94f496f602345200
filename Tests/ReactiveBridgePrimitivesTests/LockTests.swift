import Foundation
import ReactiveBridgePrimitives
import Testing
#if os(Linux)
import ReactiveBridgeAtomics
#endif

/// An object with its lock inline, as CombineKit's subscriptions keep theirs (`InlineLock`).
private final class InlineLockOwner: @unchecked Sendable {
    private var storage = InlineLockStorage()
    var counter = 0

    init() { InlineLock(in: self).initialize() }
    deinit { InlineLock(in: self).destroy() }

    var lock: InlineLock { InlineLock(in: self) }
}

/// Runs `body` on `count` new threads at once; `join()` waits for all of them to finish.
private final class Threads: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    private let count: Int

    init(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        self.count = count
        for index in 0..<count {
            let thread = Thread { [finished] in
                body(index)
                finished.signal()
            }
            thread.start()
        }
    }

    /// Whether every thread finished; the generous deadline turns a hang (a waiter never woken) into a
    /// failure instead of a stuck test run. Nothing is asserted about how long they took.
    func join() -> Bool {
        (0..<count).allSatisfy { _ in finished.wait(timeout: .now() + 120) == .success }
    }
}

@Suite("Lock")
struct LockTests {
    @Test func threadsIncrementingUnderTheLockLoseNoIncrement() {
        let lock = Lock()
        nonisolated(unsafe) var counter = 0
        let threads = Threads(4) { _ in
            for _ in 0..<20_000 {
                lock.withLock { counter += 1 }
            }
        }
        #expect(threads.join())
        #expect(lock.withLock { counter } == 80_000)
    }

    @Test func anInlineLockExcludesThreadsLikeALock() {
        let owner = InlineLockOwner()
        let threads = Threads(3) { _ in
            for _ in 0..<20_000 {
                owner.lock.lock()
                owner.counter += 1
                owner.lock.unlock()
            }
        }
        #expect(threads.join())
        owner.lock.lock()
        #expect(owner.counter == 60_000)
        owner.lock.unlock()
    }

    @Test func anInlineLocksWithLockExcludesThreadsAndReturnsTheBodysResult() {
        let owner = InlineLockOwner()
        let threads = Threads(3) { _ in
            for _ in 0..<20_000 {
                owner.lock.withLock { owner.counter += 1 }
            }
        }
        #expect(threads.join())
        #expect(owner.lock.withLock { owner.counter } == 60_000)
    }

    @Test func everyThreadBlockedOnTheLockRunsOnceItIsReleased() {
        let lock = Lock()
        nonisolated(unsafe) var entered = 0
        let started = DispatchSemaphore(value: 0)
        lock.lock()
        let threads = Threads(4) { _ in
            started.signal()
            lock.withLock { entered += 1 }
        }
        for _ in 0..<4 { started.wait() }
        #if os(Linux)
        // Hold the lock until a thread has gone to sleep on it, so that the release has a waiter to wake.
        while !rb_mutex_has_waiters(InlineMutex.mutex(in: lock, head: 0)) { sched_yield() }
        #endif
        lock.unlock()
        #expect(threads.join())
        #expect(lock.withLock { entered } == 4)
    }

    @Test func holdingOneLockDoesNotBlockAnother() {
        let held = Lock()
        let other = Lock()
        let inlineOwner = InlineLockOwner()
        held.lock()
        nonisolated(unsafe) var done = 0
        let threads = Threads(2) { index in
            if index == 0 {
                other.withLock { done += 1 }
            } else {
                inlineOwner.lock.lock()
                inlineOwner.counter += 1
                inlineOwner.lock.unlock()
            }
        }
        // Both threads finish while `held` stays locked.
        #expect(threads.join())
        #expect(other.withLock { done } == 1)
        held.unlock()
    }

    @Test func theMutexIsOneWordBetweenItsSentinels() {
        #expect(MemoryLayout<PlatformMutex>.size == 4)
        // Sentinel, mutex padded to a word, sentinel.
        #expect(InlineMutex.mutexOffset(head: 0) == MemoryLayout<Int>.size)
        #expect(InlineMutex.tailOffset(head: 0) == 2 * MemoryLayout<Int>.size)
    }
}
