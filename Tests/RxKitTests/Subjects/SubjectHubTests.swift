import ReactiveBridgePrimitives
@testable import RxKit
import Testing

/// The subject hub's observer list: delivery in subscription order (RxSwift's `PublishSubject` dispatches
/// to its observers in the order they subscribed, for the first ones kept in its `Bag`'s array), and
/// removal that does not shift the observers after the one removed, so tearing down many subscriptions is
/// not quadratic. Checked through the list's count of moved observers, not time.
@Suite struct SubjectHubTests {
    /// `count` subscriptions to `subject`, each appending its index to `log` on each element.
    private static func subscribe(_ count: Int, to subject: PublishSubject<Int>, log: Log) -> [Disposable] {
        (0..<count).map { index in subject.subscribe(onNext: { _ in log.ids.append(index) }) }
    }

    private final class Log { var ids: [Int] = [] }

    @Test func deliversToObserversInSubscriptionOrderAfterRemovalsAnywhere() {
        let subject = PublishSubject<Int>()
        let log = Log()
        let subscriptions = Self.subscribe(10, to: subject, log: log)
        for index in [0, 4, 9, 5] { subscriptions[index].dispose() }
        subject.onNext(1)
        #expect(log.ids == [1, 2, 3, 6, 7, 8])
        let late = subject.subscribe(onNext: { _ in log.ids.append(10) })
        log.ids = []
        subject.onNext(2)
        #expect(log.ids == [1, 2, 3, 6, 7, 8, 10])
        for subscription in subscriptions { subscription.dispose() }
        late.dispose()
        #expect(!subject.hasObservers)
    }

    @Test(arguments: ["subscription order", "reverse order"])
    func tearingDownManySubscriptionsMovesEachObserverAtMostOnce(_ order: String) {
        // Closing each gap as it opens would move ~n²/2 observers when disposing in subscription order.
        let n = 1_000
        let subject = PublishSubject<Int>()
        let log = Log()
        let subscriptions = Self.subscribe(n, to: subject, log: log)
        let sequence = order == "reverse order" ? Array((0..<n).reversed()) : Array(0..<n)
        var moved = 0
        for (step, index) in sequence.enumerated() {
            let before = subject.hub.list.slots
            subscriptions[index].dispose()
            moved += SubscriberList.movedSubscribers(from: before, to: subject.hub.list.slots)
            if step == n / 2 {
                // Half are gone: the rest still hear each element, in subscription order.
                subject.onNext(0)
                let remaining = sequence[(step + 1)...].sorted()
                #expect(log.ids == remaining)
                #expect(subject.hub.list.slots.count <= 2 * remaining.count, "vacancies stay bounded by the observers")
            }
        }
        #expect(!subject.hasObservers)
        #expect(moved <= n)
    }

    /// An observer that only records: no disposed flag of its own, so what it receives is what the subject sends.
    private struct Recorder: ObserverType {
        let name: String
        let log: NameLog
        var onNext: () -> Void = {}
        func on(_ event: Event<Int>) {
            guard case .next(let value) = event else { return }
            log.entries.append("\(name) \(value)")
            onNext()
        }
    }

    private final class NameLog { var entries: [String] = [] }

    @Test func anObserverRemovedDuringADeliveryStillGetsThatElementButNoLaterOne() {
        // RxSwift's subjects send each event to the observers subscribed when it was sent (a copy of the bag).
        let subject = PublishSubject<Int>()
        let log = NameLog()
        nonisolated(unsafe) var second: Disposable?
        let first = subject.subscribe(Recorder(name: "first", log: log, onNext: { second?.dispose() }))
        second = subject.subscribe(Recorder(name: "second", log: log))
        let third = subject.subscribe(Recorder(name: "third", log: log))
        subject.onNext(1)
        subject.onNext(2)
        #expect(log.entries == ["first 1", "second 1", "third 1", "first 2", "third 2"])
        first.dispose()
        third.dispose()
    }
}
