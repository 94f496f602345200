import CombineKit
import Foundation
import RxCombineBridge
import RxKit

struct BridgeTestError: Error, Equatable, CustomStringConvertible {
    let id: Int
    var description: String { "BridgeTestError(\(id))" }
}

/// An Rx source that counts subscriptions and disposals and emits `elements` synchronously.
final class CountingSource: @unchecked Sendable {
    private(set) var subscribeCount = 0
    private(set) var disposeCount = 0
    let elements: [Int]
    let ending: Event<Int>?

    init(_ elements: [Int], ending: Event<Int>? = .completed) {
        self.elements = elements
        self.ending = ending
    }

    var observable: Observable<Int> {
        Observable.create { [self] observer in
            subscribeCount += 1
            for element in elements { observer.onNext(element) }
            if let ending { observer.on(ending) }
            return Disposables.create { [self] in disposeCount += 1 }
        }
    }
}

/// A Combine publisher that records demand and cancellation, and lets the test push values.
final class ControlledPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    private(set) var requested: [Subscribers.Demand] = []
    private(set) var cancelCount = 0
    private var subscriber: AnySubscriber<Output, Failure>?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        self.subscriber = AnySubscriber(subscriber)
        subscriber.receive(subscription: ControlledSubscription(self))
    }

    func send(_ value: Output) { _ = subscriber?.receive(value) }
    func send(completion: Subscribers.Completion<Failure>) { subscriber?.receive(completion: completion) }

    private final class ControlledSubscription: Subscription {
        let owner: ControlledPublisher
        init(_ owner: ControlledPublisher) { self.owner = owner }
        func request(_ demand: Subscribers.Demand) { owner.requested.append(demand) }
        func cancel() {
            owner.cancelCount += 1
            owner.subscriber = nil
        }
    }
}
