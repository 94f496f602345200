import CombineKit
import CombineKitExt
import CombineKitTest
import Testing

@Suite struct ToggleTests {
    @Test func negatesValuesAndForwardsCompletionFailureCancelAndDemand() {
        let s = CombineTestScheduler()
        let upstream = TestPublisher<Bool, TestError>.cold(s, [.value(1, true), .value(2, false), .finished(3)])
        let all = TestSubscriber<Bool, TestError>(scheduler: s)
        upstream.toggle().subscribe(all)
        let limited = TestSubscriber<Bool, TestError>(scheduler: s, initialDemand: .max(1))
        upstream.toggle().subscribe(limited)
        let failing = TestPublisher<Bool, TestError>.cold(s, [.failure(1, .oops)])
        let failed = TestSubscriber<Bool, TestError>(scheduler: s)
        failing.toggle().subscribe(failed)
        let cancelled = TestSubscriber<Bool, TestError>(scheduler: s)
        upstream.toggle().subscribe(cancelled)
        cancelled.cancel()
        s.run()
        #expect(all.events == [.subscription(0), .value(1, false), .value(2, true), .finished(3)])
        #expect(limited.values == [false])
        limited.request(.max(1))
        #expect(limited.values == [false, true])
        #expect(limited.completion == .finished)
        #expect(failed.completion == .failure(.oops))
        #expect(cancelled.values.isEmpty)
        #expect(upstream.subscriptions[2].cancelled == 0)
    }
}
