import CombineKit
import CombineKitExt
import CombineKitTest
import Foundation
import Testing

/// `ReplayingSubject`/`DeliveryQueue` raced from several threads (CI runs "Stress" suites under the
/// thread sanitizer).
@Suite struct ReplayingSubjectChurnStressTests {
    @Test func sendsFromManyThreadsWithACancelReachTheSubscriberInOrderWithinDemand() {
        for _ in 0..<20 {
            let subject = ReplayingSubject<Int, Never>(bufferSize: 2)
            let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(150))
            subject.subscribe(subscriber)
            let start = DispatchSemaphore(value: 0)
            let group = DispatchGroup()
            for thread in 0..<4 {
                group.enter()
                Thread {
                    start.wait()
                    for index in 0..<100 {
                        if thread == 0, index == 50 { subscriber.cancel() }
                        if thread == 1 { subscriber.request(.max(1)) }
                        subject.send(thread * 1_000 + index)
                    }
                    group.leave()
                }.start()
            }
            for _ in 0..<4 { start.signal() }
            group.wait()
            let values = subscriber.values
            var next = [0, 0, 0, 0]
            for value in values {
                #expect(value % 1_000 >= next[value / 1_000])
                next[value / 1_000] = value % 1_000 + 1
            }
            subject.send(-1)
            #expect(subscriber.values.count == values.count)
            #expect(subscriber.demandViolations == 0)
            #expect(subscriber.grammarViolations.isEmpty)
        }
    }
}
