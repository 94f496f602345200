// `@testable`: the source below subclasses `Observable` directly (its `init` is internal), so that nothing
// but the bridge disposes the Rx subscription (an RxKit operator's sink disposes its own when it ends).

import CombineKit
import CombineKitTest
import RxCombineBridge
@testable import RxKit
import Testing

/// Sends `elements` and completes during `subscribe`, then returns a subscription counting its disposals.
private final class EndsDuringSubscribe: Observable<Int>, @unchecked Sendable {
    let elements: [Int]
    var disposals = 0

    init(_ elements: [Int]) {
        self.elements = elements
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
        for element in elements { observer.on(.next(element)) }
        observer.on(.completed)
        return Disposables.create { self.disposals += 1 }
    }
}

/// The bridge holds the Rx subscription itself (no `SingleAssignmentDisposable`): one that arrives after
/// the bridge already had to dispose it is disposed on arrival, once, as RxCombine's would be.
@Suite struct ObservablePublisherUpstreamTests {
    @Test func aSourceThatCompletesDuringSubscribeHasItsSubscriptionDisposedOnArrivalOnce() {
        let source = EndsDuringSubscribe([1, 2])
        let subscriber = TestSubscriber<Int, Error>(initialDemand: .none)
        source.asPublisher().subscribe(subscriber)
        // The first demand comes after `receive(subscription:)`, so the values and the completion are
        // delivered while the source's `subscribe` runs, before its subscription exists.
        subscriber.request(.unlimited)
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completion != nil)
        #expect(source.disposals == 1)
        subscriber.cancel()
        #expect(source.disposals == 1)
    }

    // With limited demand the completion waits behind held values; a cancel meanwhile disposes the
    // subscription (already there), once.
    @Test func cancellingWhileTheCompletionWaitsDisposesTheSubscriptionOnce() {
        let source = EndsDuringSubscribe([1, 2, 3])
        let subscriber = TestSubscriber<Int, Error>(initialDemand: .max(1))
        source.asPublisher().subscribe(subscriber)
        #expect(subscriber.values == [1])
        #expect(source.disposals == 0)
        subscriber.cancel()
        subscriber.cancel()
        #expect(source.disposals == 1)
        #expect(subscriber.completion == nil)
    }
}
