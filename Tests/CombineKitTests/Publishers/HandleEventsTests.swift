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
}
