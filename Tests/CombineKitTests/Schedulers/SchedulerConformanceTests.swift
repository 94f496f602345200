import CombineKit
import CombineKitTest
import Dispatch
import Foundation
import Testing

@Suite struct SchedulerConformanceTests {
    @Test func dispatchStrideConversions() {
        typealias Stride = DispatchQueue.SchedulerTimeType.Stride
        #expect(Stride.seconds(1).magnitude == 1_000_000_000)
        #expect(Stride.milliseconds(5) == Stride.microseconds(5_000))
        let literal: Stride = 0.5
        #expect(literal == .milliseconds(500))
        let start = DispatchQueue.SchedulerTimeType(.init(uptimeNanoseconds: 1_000))
        #expect(start.distance(to: start.advanced(by: .nanoseconds(500))) == .nanoseconds(500))
    }

    @Test func runLoopStrideConversions() {
        typealias Stride = RunLoop.SchedulerTimeType.Stride
        #expect(Stride.milliseconds(1_500).timeInterval == 1.5)
        let date = Date(timeIntervalSince1970: 0)
        #expect(RunLoop.SchedulerTimeType(date).advanced(by: 2).date == Date(timeIntervalSince1970: 2))
    }

    // Combine: `OperationQueue.SchedulerTimeType` is its own type (not RunLoop's), a date with a stride in seconds.
    @Test func operationQueueTimeTypeIsItsOwn() throws {
        typealias Stride = OperationQueue.SchedulerTimeType.Stride
        #expect(OperationQueue.SchedulerTimeType.self != RunLoop.SchedulerTimeType.self)
        #expect(Stride.milliseconds(1_500).timeInterval == 1.5)
        #expect(Stride.seconds(2) + .milliseconds(500) == Stride(2.5))
        #expect(Stride.seconds(3) - 1 == 2.0)
        #expect(Stride(exactly: 7)?.magnitude == 7)
        let date = Date(timeIntervalSince1970: 0)
        let start = OperationQueue.SchedulerTimeType(date)
        #expect(start.advanced(by: 2).date == Date(timeIntervalSince1970: 2))
        #expect(start.distance(to: start.advanced(by: .seconds(4))) == .seconds(4))
        let decoded = try JSONDecoder().decode(OperationQueue.SchedulerTimeType.self, from: JSONEncoder().encode(start))
        #expect(decoded == start)
    }

    // Combine: `OperationQueue.schedule(options:_:)` adds one `BlockOperation` with `addOperation(_:)`
    // (OpenCombine OperationQueueSchedulerTests, checked against Combine).
    @Test func operationQueueSchedulesOneBlockOperation() {
        let queue = AddedOperationsQueue()
        let ran = RunCount()
        queue.schedule { ran.increment() }
        queue.waitUntilAllOperationsAreFinished()
        #expect(ran.value == 1)
        let added = queue.addedOperations
        #expect(added.count == 1)
        #expect(added.first is BlockOperation)
    }

    @Test func immediateSchedulerRunsAtOnce() {
        var ran = 0
        ImmediateScheduler.shared.schedule { ran += 1 }
        ImmediateScheduler.shared.schedule(after: ImmediateScheduler.shared.now.advanced(by: 10)) { ran += 1 }
        #expect(ran == 2)
    }

    // Combine (OpenCombine ImmediateSchedulerTests, run against Combine): the immediate scheduler has no clock
    // (every stride it makes is zero), and a repeating schedule runs once and returns the empty subscription.
    @Test func immediateSchedulerHasNoClock() {
        typealias Stride = ImmediateScheduler.SchedulerTimeType.Stride
        #expect(Stride.seconds(3) == 0)
        #expect(Stride.seconds(1.5) == 0)
        #expect(Stride.milliseconds(20) == 0)
        #expect(Stride.microseconds(7) == 0)
        #expect(Stride.nanoseconds(9) == 0)
        #expect(Stride(14) == 14)
        var ran = 0
        let cancellable = ImmediateScheduler.shared.schedule(after: ImmediateScheduler.shared.now, interval: 10) { ran += 1 }
        #expect(ran == 1)
        #expect(String(describing: cancellable) == "Empty")
    }

    // Combine (OpenCombine OperationQueueSchedulerTests, run against Combine): `schedule(after:)` adds one
    // operation at once, not a `BlockOperation`, `Cancellable`, that is not ready until its time; it runs once.
    @Test func operationQueueScheduleAfterAddsOneDelayedOperation() {
        let queue = AddedOperationsQueue()
        let ran = RunCount()
        queue.schedule(after: queue.now.advanced(by: 0.2)) { ran.increment() }
        let added = queue.addedOperations
        #expect(added.count == 1)
        guard let operation = added.first else { return }
        #expect(!(operation is BlockOperation))
        #expect(operation is Cancellable)
        #expect(!operation.isReady)
        queue.waitUntilAllOperationsAreFinished()
        #expect(ran.value == 1)
        operation.main()
        #expect(ran.value == 1)
    }

    // Combine: a repeating schedule on an operation queue adds one delayed operation per run, and stops when the
    // returned `AnyCancellable` is cancelled.
    @Test func operationQueueRepeatingAddsAnOperationPerRunUntilCancelled() {
        let queue = AddedOperationsQueue()
        let ran = RunCount()
        let thirdRun = DispatchSemaphore(value: 0)
        let cancellable = queue.schedule(after: queue.now.advanced(by: 0.01), interval: 0.01) {
            if ran.increment() == 3 { thirdRun.signal() }
        }
        #expect(cancellable is AnyCancellable)
        #expect(thirdRun.wait(timeout: .now() + 30) == .success)  // a hang guard only, not a timing assertion
        cancellable.cancel()
        queue.waitUntilAllOperationsAreFinished()
        let runs = ran.value
        #expect(runs >= 3)
        #expect(queue.addedOperations.count == runs + 1)
        #expect(queue.addedOperations.allSatisfy { !($0 is BlockOperation) })
        // Nothing is left on the queue after the cancel, so no further run can come.
        #expect(queue.operationCount == 0)
        #expect(ran.value == runs)
    }

    @Test func throttleCompilesWithRunLoopMainAsOnApple() {
        // Code written for Apple's Combine, `throttle(for: 0.5, scheduler: RunLoop.main, latest: true)`, compiles.
        let publisher = PassthroughSubject<Int, Never>().throttle(for: 0.5, scheduler: RunLoop.main, latest: true)
        let _: Publishers.Throttle<PassthroughSubject<Int, Never>, RunLoop> = publisher
    }
}

/// Records the operations added through `addOperation(_:)`.
private final class AddedOperationsQueue: OperationQueue, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Operation] = []
    var addedOperations: [Operation] { lock.withLock { recorded } }
    override func addOperation(_ op: Operation) {
        lock.withLock { recorded.append(op) }
        super.addOperation(op)
    }
    /// A block added directly is recorded as an extra, plain `Operation` (Combine adds none this way).
    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        lock.withLock { recorded.append(Operation()) }
        super.addOperation(block)
    }
}

/// Counts runs of a scheduled action, from any thread.
private final class RunCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    /// Adds one; returns the new count.
    @discardableResult func increment() -> Int { lock.withLock { count += 1; return count } }
}
