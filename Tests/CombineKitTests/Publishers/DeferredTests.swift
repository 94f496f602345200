import CombineKit
import CombineKitTest
import Testing

@Suite struct DeferredTests {
    @Test func createsPublisherPerSubscription() {
        var created = 0
        let deferred = Deferred { () -> Just<Int> in created += 1; return Just(created) }
        #expect(created == 0)
        #expect(SinkRecorder(deferred).values == [1])
        #expect(SinkRecorder(deferred).values == [2])
    }
}
