import CombineKit
import CombineKitTest
import Testing

@Suite struct OptionalAndResultPublisherTests {
    @Test func optionalWithValueEmitsItOnDemand() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        Optional(3).publisher.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .value(0, 3), .finished(0)])
    }

    @Test func nilOptionalFinishesImmediately() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        Optional<Int>.none.publisher.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .finished(0)])
    }

    @Test func resultSuccessAndFailure() {
        let success = TestSubscriber<Int, TestError>(initialDemand: .max(1))
        Result<Int, TestError>.success(1).publisher.subscribe(success)
        #expect(success.events == [.subscription(0), .value(0, 1), .finished(0)])
        let failure = TestSubscriber<Int, TestError>(initialDemand: .none)
        Result<Int, TestError>.failure(.oops).publisher.subscribe(failure)
        #expect(failure.events == [.subscription(0), .failure(0, .oops)])
    }
}
