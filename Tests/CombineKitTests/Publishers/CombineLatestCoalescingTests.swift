import CombineKit
import CombineKitTest
import Dispatch
import Testing

@Suite struct CombineLatestCoalescingTests {
    // Upstreams that ignore demand (like a misbehaving source) show that, without downstream demand,
    // only the newest combination waits.
    @Test func onlyNewestCombinationWaitsBeyondDemand() {
        let a = DemandIgnoringPublisher<Never>(values: [1])
        let b = DemandIgnoringPublisher<Never>(values: [10, 20, 30])
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        a.combineLatest(b) { $0 + $1 }.subscribe(subscriber)
        subscriber.request(.max(5))
        #expect(subscriber.values == [31])
    }
}
