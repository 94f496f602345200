import CombineKit
import CombineKitTest
import Testing

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

    /// The subscription's `parent` mirror child: whether it still refers to its future.
    private func holdsParent(_ subscription: Subscription) -> Bool {
        guard let parent = Mirror(reflecting: subscription).children.first(where: { $0.label == "parent" }) else { return false }
        return (parent.value as? Future<Int, TestError>?).flatMap { $0 } != nil
    }

    // Combine: the subscription shows its future as `parent` while the promise's result is delivered and lets
    // it go afterwards (OpenCombine FutureTests.testFutureSuccess, testFutureFailure).
    @Test func subscriptionLetsGoOfItsFutureAfterThePromiseDelivers() throws {
        for result in [Result<Int, TestError>.success(42), .failure(.oops)] {
            var promise: Future<Int, TestError>.Promise?
            let future = Future<Int, TestError> { promise = $0 }
            let subscriber = ManualSubscriber<Int, TestError>()
            future.subscribe(subscriber)
            let subscription = try #require(subscriber.subscription)
            subscription.request(.unlimited)
            #expect(holdsParent(subscription))
            var heldDuringDelivery: [Bool] = []
            subscriber.onValue = { _ in heldDuringDelivery.append(self.holdsParent(subscription)) }
            promise?(result)
            #expect(!holdsParent(subscription))
            #expect(heldDuringDelivery == ((try? result.get()) == nil ? [] : [true]))
            #expect(subscriber.completions.count == 1)
        }
    }

    // Combine: a value that waited for demand goes out on `request(_:)`; the subscription keeps its `parent`
    // then (OpenCombine FutureTests.testWaitsForDemandSuccess).
    @Test func valueDeliveredOnRequestKeepsTheParent() throws {
        var promise: Future<Int, TestError>.Promise?
        let future = Future<Int, TestError> { promise = $0 }
        let subscriber = ManualSubscriber<Int, TestError>()
        future.subscribe(subscriber)
        promise?(.success(42))
        #expect(subscriber.values.isEmpty)
        let subscription = try #require(subscriber.subscription)
        subscription.request(.max(1))
        #expect(subscriber.values == [42])
        #expect(subscriber.completions == [.finished])
        #expect(holdsParent(subscription))
    }

    @Test func waitingSubscribersThatCancelGetNothingAndTheOthersGetTheResultInSubscriptionOrder() {
        // Combine: a cancelled subscription receives nothing; the rest each get the one result.
        var fulfil: Future<Int, Never>.Promise?
        let future = Future<Int, Never> { fulfil = $0 }
        var order: [Int] = []
        var cancellables = (0..<8).map { index in future.sink { _ in order.append(index) } }
        for index in [0, 3, 7, 1] { cancellables[index].cancel() }
        fulfil?(.success(5))
        #expect(order == [2, 4, 5, 6])
        cancellables.removeAll()
    }
}
