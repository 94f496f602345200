import CombineKit
import CombineKitTest
import Testing

@Suite struct EmptyAndFailTests {
    @Test func emptyCompletesImmediately() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        Empty<Int, Never>().subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .finished(0)])
    }

    @Test func emptyCanNeverComplete() {
        let subscriber = TestSubscriber<Int, Never>()
        Empty<Int, Never>(completeImmediately: false).subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0)])
        #expect(Empty<Int, Never>() == Empty(completeImmediately: true, outputType: Int.self, failureType: Never.self))
    }

    @Test func failSendsItsErrorWithoutDemand() {
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .none)
        Fail(outputType: Int.self, failure: TestError.oops).subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .failure(0, .oops)])
    }
}
