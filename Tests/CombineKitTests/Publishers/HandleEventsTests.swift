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
}
