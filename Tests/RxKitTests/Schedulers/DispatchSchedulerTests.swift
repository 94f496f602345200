import Dispatch
import Foundation
import RxKit
import RxKitTest
import Testing

/// Marks the main queue, so a test can tell it ran there (on Linux the main queue may be drained by a
/// thread other than the process's first one).
let mainQueueKey: DispatchSpecificKey<Int> = {
    let key = DispatchSpecificKey<Int>()
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return key
}()

@Suite struct DispatchSchedulerTests {
    private func waitFor(_ scheduler: ImmediateSchedulerType) -> Bool {
        let done = DispatchSemaphore(value: 0)
        _ = scheduler.schedule(()) { _ in
            done.signal()
            return Disposables.create()
        }
        return done.wait(timeout: .now() + 10) == .success
    }

    @Test func serialQueueSchedulerRunsWorkInOrder() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "test.serial")
        let box = NSLockish()
        var order: [Int] = []
        for value in 0..<100 {
            _ = scheduler.schedule(value) { value in
                box.sync { order.append(value) }
                return Disposables.create()
            }
        }
        #expect(waitFor(scheduler))
        #expect(box.sync { order } == Array(0..<100))
    }

    @Test func relativeSchedulingFiresAndCanBeCancelled() {
        // The queue is held suspended until both actions are scheduled and the first is disposed: with a
        // 1 ms due time on a running queue, a test thread descheduled for longer (a loaded CI machine)
        // saw the first action run before its disposal, which is not what this test is about. The queue
        // is serial, so once the second action has run, the first (due earlier) has had its turn.
        let queue = DispatchQueue(label: "relativeSchedulingFiresAndCanBeCancelled")
        queue.suspend()
        let scheduler = ConcurrentDispatchQueueScheduler(queue: queue)
        let fired = DispatchSemaphore(value: 0)
        let box = NSLockish()
        var cancelledRan = false
        let cancelled = scheduler.scheduleRelative((), dueTime: .milliseconds(1)) { _ in
            box.sync { cancelledRan = true }
            return Disposables.create()
        }
        cancelled.dispose()
        _ = scheduler.scheduleRelative((), dueTime: .milliseconds(5)) { _ in
            fired.signal()
            return Disposables.create()
        }
        queue.resume()
        #expect(fired.wait(timeout: .now() + 10) == .success)
        #expect(!box.sync { cancelledRan })
    }

    @Test func periodicSchedulingOnAQueueTicksUntilDisposed() {
        let scheduler = SerialDispatchQueueScheduler(qos: .default)
        let reachedThree = DispatchSemaphore(value: 0)
        let periodic = scheduler.schedulePeriodic(0, startAfter: .milliseconds(1), period: .milliseconds(1)) { state in
            if state == 3 { reachedThree.signal() }
            return state + 1
        }
        #expect(reachedThree.wait(timeout: .now() + 10) == .success)
        periodic.dispose()
    }

    @Test func operationQueueSchedulerRunsWork() {
        let queue = OperationQueue()
        let scheduler = OperationQueueScheduler(operationQueue: queue)
        #expect(waitFor(scheduler))
        queue.waitUntilAllOperationsAreFinished()
    }

    @Test func mainSchedulerDispatchesFromABackgroundThread() async {
        let ranOnMain = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            DispatchQueue.global().async {
                _ = MainScheduler.instance.schedule(()) { _ in
                    continuation.resume(returning: DispatchQueue.getSpecific(key: mainQueueKey) != nil)
                    return Disposables.create()
                }
            }
        }
        #expect(ranOnMain)
    }

    // A fresh instance: MainScheduler.instance runs inline only when nothing it dispatched is still
    // queued (RxSwift's rule), and tests running in parallel share that instance.
    @MainActor @Test func mainSchedulerRunsInlineOnTheMainThread() {
        var ranInline = false
        _ = MainScheduler().schedule(()) { _ in
            ranInline = true
            return Disposables.create()
        }
        #expect(ranInline)
        var asyncRanInline = false
        _ = MainScheduler.asyncInstance.schedule(()) { _ in
            asyncRanInline = true
            return Disposables.create()
        }
        #expect(!asyncRanInline)
    }

    // RxSwift's MainScheduler.scheduleInternal counts the work it started (numberEnqueued) and runs
    // inline only when that count was 0: work scheduled from inside inline work is dispatched, after it.
    @MainActor @Test func mainSchedulerDispatchesWorkScheduledFromInsideInlineWork() async {
        let main = MainScheduler()
        var order: [String] = []
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            _ = main.schedule(()) { _ in
                order.append("outer start")
                _ = main.schedule(()) { _ in
                    order.append("nested")
                    done.resume()
                    return Disposables.create()
                }
                order.append("outer end")
                return Disposables.create()
            }
            order.append("after schedule")
        }
        #expect(order == ["outer start", "outer end", "after schedule", "nested"])
        // Once everything has run, the main queue runs inline again.
        var ranInline = false
        _ = main.schedule(()) { _ in
            ranInline = true
            return Disposables.create()
        }
        #expect(ranInline)
    }

    // Same rule, across threads: while a block another thread dispatched is waiting for the main queue,
    // work scheduled on the main queue goes after it instead of overtaking it.
    @MainActor @Test func mainSchedulerDoesNotOvertakeWorkDispatchedFromAnotherThread() async {
        let main = MainScheduler()
        let order = UncheckedBox<[String]>([])
        let scheduled = DispatchSemaphore(value: 0)
        let workers = DispatchGroup()
        let done = UncheckedBox<CheckedContinuation<Void, Never>?>(nil)
        DispatchQueue.global().async(group: workers) {
            _ = main.schedule(()) { _ in
                order.value.append("from background")
                return Disposables.create()
            }
            scheduled.signal()
        }
        scheduled.wait()  // the background block is now queued on the main queue, behind this test
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            done.value = continuation
            _ = main.schedule(()) { _ in
                order.value.append("from main")
                done.value?.resume()
                return Disposables.create()
            }
            order.value.append("after schedule")
        }
        #expect(order.value == ["after schedule", "from background", "from main"])
    }
}

/// A mutable value handed to a block another thread runs (the test serialises the accesses).
fileprivate final class UncheckedBox<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
