import CombineKit
import CombineKitTest
import Testing

@Suite struct AssertNoFailureTests {
    @Test func passesValuesAndTrapsOnFailure() async {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        [1, 2].publisher.setFailureType(to: TestError.self).assertNoFailure().subscribe(subscriber)
        #expect(subscriber.values == [1])
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Fail<Int, TestError>(error: .oops).assertNoFailure("boom").sink { _ in }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("boom oops"))
    }

    // Combine's assertNoFailure hands the upstream's subscription to the downstream and passes every event
    // as it comes, the downstream's demand included (OpenCombine AssertNoFailureTests, testPassThroughInput).
    @Test func handsTheUpstreamsSubscriptionOnAndPassesEventsAsTheyCome() {
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, Never>(demandPerValue: .max(2))
        upstream.assertNoFailure().subscribe(subscriber)
        #expect(subscriber.subscription as AnyObject === upstream.subscription)
        #expect(upstream.send(1) == .max(2))
        subscriber.subscription?.request(.max(42))
        subscriber.subscription?.cancel()
        #expect(upstream.subscription.events == [.requested(.max(42)), .cancelled])
        upstream.send(completion: .finished)
        #expect(subscriber.completions == [.finished])
    }

    // Combine's assertNoFailure stops on a failure even after the upstream finished (OpenCombine
    // AssertNoFailureTests, testCrashesOnFailure).
    @Test func aFailureAfterFinishingStillStops() async {
        await #expect(processExitsWith: .failure) {
            let upstream = ManualPublisher<Int, TestError>()
            upstream.assertNoFailure().subscribe(ManualSubscriber<Int, Never>())
            upstream.send(completion: .finished)
            upstream.send(completion: .failure(.oops))
        }
    }
}
