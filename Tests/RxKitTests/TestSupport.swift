import Foundation
import RxKit
import RxKitTest

/// A test error whose description identifies it (RxKitTest compares errors by description on Linux).
struct TestError: Error, Equatable, CustomStringConvertible {
    let id: Int
    init(_ id: Int = 0) { self.id = id }
    var description: String { "TestError(\(id))" }
}

let testError = TestError(1)
let otherError = TestError(2)

/// How many RxKit resources `body` created that are still alive afterwards (0: no leak).
/// Scoped to this test's task, so tests running in parallel do not disturb it.
func resourceDelta(_ body: () -> Void) -> Int32 {
    Resources.measure(body)
}

/// Integers appended from any thread and read by the test.
final class LockedValues: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Int] = []
    func append(_ value: Int) { lock.lock(); storage.append(value); lock.unlock() }
    var values: [Int] { lock.lock(); defer { lock.unlock() }; return storage }
}

/// Holds `scheduler`'s queue until the returned gate is signalled: what is scheduled meanwhile waits.
func holdQueue(of scheduler: SerialDispatchQueueScheduler) -> DispatchSemaphore {
    let gate = DispatchSemaphore(value: 0)
    _ = scheduler.schedule(()) { _ in
        gate.wait()
        return Disposables.create()
    }
    return gate
}

/// Waits until what was scheduled on `scheduler` before the call has run; whether it did within 30 s.
///
/// The flushing item is scheduled from a thread of its own, outside any `resourceDelta` scope: the item
/// signals while it runs, before the queue releases it and what `schedule` made for it, so made inside
/// the scope those would still count as alive when the measured body returns.
func flushQueue(of scheduler: SerialDispatchQueueScheduler) -> Bool {
    let flushed = DispatchSemaphore(value: 0)
    Thread {
        _ = scheduler.schedule(()) { _ in
            flushed.signal()
            return Disposables.create()
        }
    }.start()
    return flushed.wait(timeout: .now() + 30) == .success
}
