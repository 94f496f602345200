import CombineKit
import CombineKitTest
import Testing

@Suite struct JustTests {
    @Test func emitsOnceOnDemandThenFinishes() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        Just(5).subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0)])
        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription(0), .value(0, 5), .finished(0)])
    }

    @Test func cancelBeforeDemandSendsNothing() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        Just(5).subscribe(subscriber)
        subscriber.cancel()
        subscriber.request(.max(1))
        #expect(subscriber.values == [])
    }

    @Test func specialisationsKeepTheType() {
        let mapped: Just<String> = Just(1).map { "\($0)" }
        #expect(mapped.output == "1")
        let filtered: Optional<Int>.Publisher = Just(1).filter { $0 > 1 }
        #expect(filtered.output == nil)
        let failing: Result<Int, TestError>.Publisher = Just(1).setFailureType(to: TestError.self)
        #expect(failing.result == .success(1))
    }

    @Test func descriptionIsJust() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        Just(1).subscribe(subscriber)
        #expect(String(describing: subscriber.subscription!) == "Just")
    }
}

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

@Suite struct DeferredTests {
    @Test func createsPublisherPerSubscription() {
        var created = 0
        let deferred = Deferred { () -> Just<Int> in created += 1; return Just(created) }
        #expect(created == 0)
        #expect(SinkRecorder(deferred).values == [1])
        #expect(SinkRecorder(deferred).values == [2])
    }
}

@Suite struct FutureTests {
    @Test func runsClosureEagerlyOnce() {
        var runs = 0
        let future = Future<Int, Never> { promise in runs += 1; promise(.success(1)) }
        #expect(runs == 1)
        #expect(SinkRecorder(future).values == [1])
        #expect(SinkRecorder(future).values == [1])
        #expect(runs == 1)
    }

    @Test func deliversLaterResultToWaitingSubscribersAndIgnoresSecondPromise() {
        var fulfil: Future<Int, TestError>.Promise?
        let future = Future<Int, TestError> { fulfil = $0 }
        let subscriber = TestSubscriber<Int, TestError>()
        future.subscribe(subscriber)
        #expect(subscriber.values == [])
        fulfil?(.success(3))
        fulfil?(.success(4))
        #expect(subscriber.events == [.subscription(0), .value(0, 3), .finished(0)])
    }

    @Test func valueWaitsForDemand() {
        let future = Future<Int, Never> { $0(.success(1)) }
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        future.subscribe(subscriber)
        #expect(subscriber.values == [])
        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription(0), .value(0, 1), .finished(0)])
    }

    @Test func failureIsDeliveredWithoutDemand() {
        let future = Future<Int, TestError> { $0(.failure(.oops)) }
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .none)
        future.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .failure(0, .oops)])
    }

    @Test func cancelledSubscriberGetsNothing() {
        var fulfil: Future<Int, Never>.Promise?
        let future = Future<Int, Never> { fulfil = $0 }
        let subscriber = TestSubscriber<Int, Never>()
        future.subscribe(subscriber)
        subscriber.cancel()
        fulfil?(.success(1))
        #expect(subscriber.values == [])
    }
}

@Suite struct SequencePublisherTests {
    @Test func emitsAsDemandedAndFinishesAfterLastWithoutExtraDemand() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        [1, 2, 3].publisher.subscribe(subscriber)
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completion == nil)
        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription(0), .value(0, 1), .value(0, 2), .value(0, 3), .finished(0)])
        #expect(subscriber.demandViolations == 0)
    }

    @Test func emptySequenceFinishesImmediately() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        [Int]().publisher.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .finished(0)])
    }

    @Test func reentrantRequestIsTrampolined() {
        // Requesting one more from inside every receive over a long sequence must not recurse.
        var subscription: Subscription?
        var count = 0
        var depth = 0
        var maxDepth = 0
        let subscriber = AnySubscriber<Int, Never>(receiveSubscription: { subscription = $0; $0.request(.max(1)) },
                                                   receiveValue: { _ in
                                                       depth += 1; maxDepth = max(maxDepth, depth)
                                                       count += 1
                                                       subscription?.request(.max(1))
                                                       depth -= 1
                                                       return .none })
        (0..<100_000).publisher.subscribe(subscriber)
        #expect(count == 100_000)
        #expect(maxDepth == 1)
    }

    @Test func cancelStopsTheSequence() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1)) { value in
            _ = value
        }
        var cancelAfterTwo: TestSubscriber<Int, Never>?
        let cancelling = TestSubscriber<Int, Never>(initialDemand: .unlimited) { value in
            if value == 2 { cancelAfterTwo?.cancel() }
        }
        cancelAfterTwo = cancelling
        [1, 2, 3].publisher.subscribe(cancelling)
        #expect(cancelling.values == [1, 2])
        [1].publisher.subscribe(subscriber)
        #expect(subscriber.values == [1])
        cancelAfterTwo = nil
    }

    @Test func mapStaysASequencePublisher() {
        let mapped: Publishers.Sequence<[Int], Never> = [1, 2].publisher.map { $0 * 10 }
        #expect(mapped.sequence == [10, 20])
    }
}

@Suite struct RecordTests {
    @Test func replaysOutputAndCompletionForEachSubscriber() {
        let record = Record<Int, TestError>(output: [1, 2], completion: .failure(.oops))
        for _ in 0..<2 {
            let subscriber = TestSubscriber<Int, TestError>()
            record.subscribe(subscriber)
            #expect(subscriber.events == [.subscription(0), .value(0, 1), .value(0, 2), .failure(0, .oops)])
        }
    }

    @Test func recordingClosureAndLimitedDemand() {
        let record = Record<Int, Never> { recording in
            recording.receive(1)
            recording.receive(2)
            recording.receive(completion: .finished)
        }
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        record.subscribe(subscriber)
        #expect(subscriber.values == [1])
        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription(0), .value(0, 1), .value(0, 2), .finished(0)])
    }
}

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
