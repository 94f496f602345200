// What the thread and memory scenarios (T1–T4, M1, M2) share: sender threads, waiting for deliveries made
// on a dispatch queue, and the memory mark.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import MallocCounter

/// Starts `body` on a new POSIX thread and returns that thread.
private func spawnThread(_ body: @escaping () -> Void) -> pthread_t {
    final class Body: @unchecked Sendable {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(&thread, nil, { context in
        Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
        return nil
    }, context)
    precondition(status == 0, "pthread_create failed (\(status))")
    return thread
}

/// Runs `body(k)` for k in 0..<count, each on its own POSIX thread, and returns when all have finished
/// (joining them orders their writes before the caller's reads).
func runOnThreads(_ count: Int, _ body: @escaping (Int) -> Void) {
    let threads = (0..<count).map { k in spawnThread { body(k) } }
    for thread in threads { pthread_join(thread, nil) }
}

/// Runs `body` on a POSIX thread of its own and returns at once (the thread detaches): T4's sender, which
/// runs while the benchmark thread services the main queue.
func startThread(_ body: @escaping () -> Void) {
    pthread_detach(spawnThread(body))
}

/// T4's run: a thread of its own calls `send` with 0..<n while this thread, the main thread, services the
/// main queue until `arrivals` has them all; returns their checksum.
func sendFromAnotherThread(_ n: Int, waitingOnMainQueueFor arrivals: Arrivals, send: @escaping (Int) -> Void) -> UInt64 {
    startThread { for i in 0..<n { send(i) } }
    return arrivals.waitServicingMainQueue()
}

/// The values each of T1's sender threads sends: thread k sends k·perThread ..< (k+1)·perThread, so every
/// value is sent once whatever the interleaving.
func senderRange(thread k: Int, total n: Int) -> Range<Int> {
    let perThread = n / Shape.senderThreads
    let end = k == Shape.senderThreads - 1 ? n : (k + 1) * perThread
    return k * perThread..<end
}

/// Counts deliveries made on a serial queue and wakes the waiting thread when `expected` have arrived.
/// `arrive(_:)` must not run concurrently with itself (a serial queue, or a library's serialised
/// delivery); `wait()` orders every delivery's writes before the caller's reads.
final class Arrivals: @unchecked Sendable {
    private let expected: Int
    private var count = 0
    private let done = DispatchSemaphore(value: 0)
    private(set) var checksum = Checksum()

    init(expecting expected: Int) {
        self.expected = expected
    }

    /// Folds `value` into the checksum and counts it.
    func arrive(_ value: Int) {
        checksum.add(value)
        count += 1
        if count == expected { done.signal() }
    }

    /// `wait()` for deliveries made on the main queue, called on the main thread (the benchmark thread):
    /// runs the main run loop, which drains the main queue, until `expected` values have arrived (the count
    /// is written on the main queue, so on this thread). 0 if they have not within a minute.
    func waitServicingMainQueue() -> UInt64 {
        precondition(Thread.isMainThread, "Arrivals.waitServicingMainQueue() must be called on the main thread")
        let deadline = Date(timeIntervalSinceNow: 60)
        while count < expected {
            guard Date() < deadline else {
                print("reactive-bench: timed out waiting for deliveries on the main queue")
                return 0
            }
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.001))
        }
        return checksum.value
    }

    /// The checksum once `expected` values have arrived; 0 (which no run computes, so the harness reports
    /// a checksum mismatch) if they have not within a minute: a lost value fails the run instead of hanging it.
    func wait() -> UInt64 {
        guard done.wait(timeout: .now() + .seconds(60)) == .success else {
            print("reactive-bench: timed out waiting for deliveries on the serial queue")
            return 0
        }
        return checksum.value
    }
}

/// The serial queue a thread scenario hops to (one per run, so no run waits behind another's work).
func makeBenchQueue() -> DispatchQueue {
    DispatchQueue(label: "reactive-bench.serial")
}

/// The memory scenarios call `markAllLive()` when all their subscriptions are alive; the harness reads the
/// live bytes noted then (see Harness.measure).
enum MemoryProbe {
    nonisolated(unsafe) static var liveBytesAtMark: Int64?

    static func markAllLive() {
        liveBytesAtMark = malloc_counter_live_bytes()
    }
}
