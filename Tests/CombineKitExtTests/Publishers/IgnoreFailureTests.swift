import CombineKit
import CombineKitExt
import CombineKitTest
import Testing

@Suite struct IgnoreFailureTests {
    @Test func failureBecomesFinished() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.cold(s, [.value(1, 1), .failure(2, .oops)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: s)
        upstream.ignoreFailure().subscribe(subscriber)
        let retyped = TestSubscriber<Int, TestError>(scheduler: s)
        upstream.ignoreFailure(setFailureType: TestError.self).subscribe(retyped)
        s.run()
        #expect(subscriber.events == [.subscription(0), .value(1, 1), .finished(2)])
        #expect(retyped.events == [.subscription(0), .value(1, 1), .finished(2)])
    }

    @Test func finishedPassesCancellationAndLimitedDemand() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.cold(s, [.value(1, 1), .value(2, 2), .finished(3)])
        let limited = TestSubscriber<Int, Never>(scheduler: s, initialDemand: .max(1))
        upstream.ignoreFailure().subscribe(limited)
        let cancelled = TestSubscriber<Int, Never>(scheduler: s)
        upstream.ignoreFailure().subscribe(cancelled)
        cancelled.cancel()
        s.run()
        #expect(limited.values == [1])
        limited.request(.max(1))
        #expect(limited.values == [1, 2])
        #expect(limited.completion == .finished)
        #expect(cancelled.values.isEmpty)
        #expect(upstream.subscriptions[1].cancelled == 0)
    }
}
