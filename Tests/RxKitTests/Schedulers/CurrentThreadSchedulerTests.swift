import Dispatch
import Foundation
import RxKit
import RxKitTest
import Testing

@Suite struct CurrentThreadSchedulerTests {
    @Test func nestedScheduleRunsAfterTheCurrentAction() {
        var log: [String] = []
        #expect(CurrentThreadScheduler.isScheduleRequired)
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            #expect(!CurrentThreadScheduler.isScheduleRequired)
            log.append("outer start")
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                log.append("inner")
                return Disposables.create()
            }
            log.append("outer end")
            return Disposables.create()
        }
        #expect(log == ["outer start", "outer end", "inner"])
        #expect(CurrentThreadScheduler.isScheduleRequired)
    }

    @Test func workQueuedByQueuedWorkRunsInOrderAndTheTrampolineEndsCleanly() {
        var log: [String] = []
        for round in 1...2 {  // a second trampoline on the same thread starts from a clean slate
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                    log.append("\(round) a")
                    _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                        log.append("\(round) c")
                        return Disposables.create()
                    }
                    return Disposables.create()
                }
                _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                    log.append("\(round) b")
                    return Disposables.create()
                }
                log.append("\(round) outer")
                return Disposables.create()
            }
            #expect(CurrentThreadScheduler.isScheduleRequired)
        }
        #expect(log == ["1 outer", "1 a", "1 b", "1 c", "2 outer", "2 a", "2 b", "2 c"])
    }

    /// A top-level `subscribe` runs as the trampoline's owner: what its operators schedule on the
    /// current thread runs before `subscribe` returns, after the subscription itself (RxSwift's rule).
    @Test func topLevelSubscribeOwnsTheTrampoline() {
        var log: [String] = []
        let source = Observable<Int>.create { observer in
            #expect(!CurrentThreadScheduler.isScheduleRequired)
            _ = CurrentThreadScheduler.instance.schedule(()) { _ in
                observer.onNext(2)
                return Disposables.create()
            }
            observer.onNext(1)
            return Disposables.create()
        }
        let subscription = source.map { $0 }.subscribe(onNext: { log.append("\($0)") })
        log.append("returned")
        #expect(log == ["1", "2", "returned"])
        #expect(CurrentThreadScheduler.isScheduleRequired)
        subscription.dispose()
    }

    @Test func disposedQueuedWorkDoesNotRun() {
        var ran = false
        _ = CurrentThreadScheduler.instance.schedule(()) { _ in
            let queued = CurrentThreadScheduler.instance.schedule(()) { _ in
                ran = true
                return Disposables.create()
            }
            queued.dispose()
            return Disposables.create()
        }
        #expect(!ran)
    }

    @Test func recursiveSchedulingDoesNotGrowTheStack() {
        var count = 0
        _ = CurrentThreadScheduler.instance.scheduleRecursive(0) { value, recurse in
            count += 1
            if value < 100_000 { recurse(value + 1) }
        }
        #expect(count == 100_001)
    }
}
