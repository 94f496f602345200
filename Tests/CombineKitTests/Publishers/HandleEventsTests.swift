import CombineKit
import CombineKitTest
import Testing

@Suite struct HandleEventsTests {
    @Test func callsEveryHookInOrder() {
        var log: [String] = []
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
        [1, 2].publisher.handleEvents(receiveSubscription: { _ in log.append("subscription") },
                                      receiveOutput: { log.append("output \($0)") },
                                      receiveCompletion: { _ in log.append("completion") },
                                      receiveCancel: { log.append("cancel") },
                                      receiveRequest: { log.append("request \($0)") })
            .subscribe(subscriber)
        #expect(log == ["subscription", "request max(1)", "output 1", "request max(1)", "output 2", "request max(1)", "completion"])
        #expect(subscriber.values == [1, 2])
    }

    @Test func cancelHookAndLimitedDemandAndFailure() {
        var cancels = 0
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .max(1))
        subject.handleEvents(receiveCancel: { cancels += 1 }).subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        #expect(subscriber.values == [1])
        subscriber.cancel()
        subscriber.cancel()
        #expect(cancels == 1)
        let failing = TestSubscriber<Int, TestError>()
        Fail<Int, TestError>(error: .oops).handleEvents().subscribe(failing)
        #expect(failing.completion == .failure(.oops))
    }

    // Combine: the request hook sees every request, `.none` included, which goes upstream as it is; the
    // cancel hook runs once, and the hooks are released at the end (OpenCombine HandleEventsTests).
    @Test func hooksSeeEveryRequestAndOneCancel() {
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>()
        var hooked: [String] = []
        upstream.handleEvents(receiveSubscription: { _ in hooked.append("subscription") },
                              receiveCancel: { hooked.append("cancel") },
                              receiveRequest: { hooked.append("request \($0)") }).subscribe(subscriber)
        subscriber.subscription?.request(.none)
        subscriber.subscription?.request(.max(2))
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        subscriber.subscription?.request(.max(1))
        #expect(hooked == ["subscription", "request max(0)", "request max(2)", "cancel"])
        #expect(upstream.subscription.events == [.requested(.none), .requested(.max(2)), .cancelled])
    }

    // Deliberate difference: Combine's handleEvents passes on what an ill-behaved upstream sends after its
    // completion; CombineKit drops it (no event after a terminal event).
    @Test func eventsAfterTheEndAreDropped() {
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>(demandPerValue: .max(1))
        upstream.handleEvents().subscribe(subscriber)
        upstream.send(completion: .finished)
        #expect(upstream.send(1) == .none)
        upstream.send(completion: .failure(.oops))
        #expect(subscriber.values == [] && subscriber.completions == [.finished])
    }

    // Combine: handleEvents runs the cancel hook for a cancel before its upstream subscription arrived but
    // otherwise ignores it: the subscription is accepted when it comes (OpenCombine HandleEventsTests,
    // testHandleEventsCancelBeforeSubscription).
    @Test func aCancelBeforeTheSubscriptionRunsTheHookOnly() throws {
        var hooked: [String] = []
        let (late, subscriber) = try cancelThenSubscribeLate {
            $0.handleEvents(receiveSubscription: { _ in hooked.append("subscription") }, receiveCancel: { hooked.append("cancel") })
        }
        #expect(hooked == ["cancel", "subscription"])
        #expect(late.events == [])
        try #require(subscriber.subscription).request(.max(1))
        #expect(late.events == [.requested(.max(1))])
    }

    // Combine: a cancel from the downstream, which holds the subscription, cancels the upstream and lets it go
    // (OpenCombine HandleEventsTests, testCancelAlreadyCancelled).
    @Test func aCancelFromTheDownstreamCancelsTheUpstreamAndLetsItGo() throws {
        var cancels = 0
        let cancelled = try cancelAfterTheSubscriptionArrived { $0.handleEvents(receiveCancel: { cancels += 1 }) }
        #expect(cancelled.events == [.cancelled])
        #expect(cancelled.upstreamSubscriptionReleased)
        #expect(cancels == 1)
    }

    // Combine: handleEvents passes on a completion that comes before its subscription, with the completion
    // hook, and cancels a subscription that arrives after it (OpenCombine HandleEventsTests,
    // testHandleEventsReceiveCompletionBeforeSubscription).
    @Test func aCompletionBeforeTheSubscriptionIsPassedOn() {
        var hooked: [String] = []
        let (late, subscriber) = completeThenSubscribeLate(.failure(.oops)) {
            $0.handleEvents(receiveSubscription: { _ in hooked.append("subscription") },
                            receiveCompletion: { hooked.append($0 == .failure(.oops) ? "failure" : "other completion") })
        }
        #expect(subscriber.completions == [.failure(.oops)])
        #expect(hooked == ["failure"])
        #expect(late.events == [.cancelled])
        #expect(subscriber.subscription == nil)
    }
}
