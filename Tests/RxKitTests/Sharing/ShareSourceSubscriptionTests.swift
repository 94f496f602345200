// `@testable`: the source below subclasses `Observable` directly (its `init` is internal), so that nothing
// but the share disposes the source subscription.

@testable import RxKit
import Testing

/// A source that sends 1 and completes during `subscribe`, then returns a subscription counting its
/// disposals. Unlike an RxKit operator (whose sink disposes its own subscription when it ends), it leaves
/// that to its subscriber.
fileprivate final class SourceEndingDuringSubscribe: Observable<Int>, @unchecked Sendable {
    var disposals = 0

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
        observer.on(.next(1))
        observer.on(.completed)
        return Disposables.create { self.disposals += 1 }
    }
}

@Suite struct ShareSourceSubscriptionTests {
    /// The connection stops before `subscribe` returns the source subscription, so it must dispose the
    /// subscription when it gets it (as a `SingleAssignmentDisposable` disposed before its assignment does).
    @Test func aSourceThatEndsDuringSubscribeHasItsSubscriptionDisposedOnce() {
        let source = SourceEndingDuringSubscribe()
        for replay in [0, 1] {
            let shared = source.share(replay: replay)
            var events: [Event<Int>] = []
            let first = shared.subscribe { events.append($0) }
            #expect(events == [.next(1), .completed])
            #expect(source.disposals == 2 * replay + 1)
            // The next subscriber starts a new connection, which is disposed the same way.
            let second = shared.subscribe { events.append($0) }
            #expect(events == [.next(1), .completed, .next(1), .completed])
            #expect(source.disposals == 2 * replay + 2)
            first.dispose()
            second.dispose()
            #expect(source.disposals == 2 * replay + 2)
        }
    }
}
