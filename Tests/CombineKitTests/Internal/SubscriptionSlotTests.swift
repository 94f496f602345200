import CombineKit
import Testing

/// A subscription object that counts its cancellations, to check identity and release.
private final class SlotProbeSubscription: Subscription {
    var cancellations = 0
    func request(_ demand: Subscribers.Demand) {}
    func cancel() { cancellations += 1 }
}

@Suite("SubscriptionSlot")
struct SubscriptionSlotTests {
    @Test func takeMovesTheHeldSubscriptionOutOnceAndLeavesTheSlotEmpty() {
        let subscription = SlotProbeSubscription()
        var slot = SubscriptionSlot.holding(subscription)
        #expect((slot.take() as? SlotProbeSubscription) === subscription)
        #expect(slot.take() == nil)
        guard case .empty = slot else {
            Issue.record("take() left the slot holding its subscription")
            return
        }
        #expect(subscription.cancellations == 0)  // taking does not cancel
    }

    @Test func replacingTheHeldSubscriptionReleasesThePreviousOneAndTheSlotReleasesItsOwnWhenItGoesAway() {
        weak var first: SlotProbeSubscription?
        weak var second: SlotProbeSubscription?
        do {
            var slot = SubscriptionSlot.empty
            do {
                let subscription = SlotProbeSubscription()
                first = subscription
                slot = .holding(subscription)
            }
            #expect(first != nil)  // held by the slot
            do {
                let subscription = SlotProbeSubscription()
                second = subscription
                slot = .holding(subscription)
            }
            #expect(first == nil)
            #expect(second != nil)
            withExtendedLifetime(slot) {}
        }
        #expect(second == nil)
    }
}
