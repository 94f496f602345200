// What the thread and memory scenarios (T1–T3, M1, M2) share: sender threads, waiting for deliveries made
// on a dispatch queue, and the memory mark.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import MallocCounter

/// Runs `body(k)` for k in 0..<count, each on its own POSIX thread, and returns when all have finished
/// (joining them orders their writes before the caller's reads).
func runOnThreads(_ count: Int, _ body: @escaping (Int) -> Void) {
    final class Body: @unchecked Sendable {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }
    var threads: [pthread_t] = []
    for k in 0..<count {
        let context = Unmanaged.passRetained(Body { body(k) }).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        precondition(status == 0, "pthread_create failed (\(status))")
        threads.append(thread)
    }
    for thread in threads { pthread_join(thread, nil) }
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
