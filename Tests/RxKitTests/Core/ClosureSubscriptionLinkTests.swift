// `@testable`: `TwoSources` subclasses `Observable` directly (its `init` is internal).
@testable import RxKit
import Testing

/// Passes one observer to two sequences: the same `SubscribeObserver` reaches two producers, and only the
/// first may take its `ClosureSubscription` as its sink's link.
fileprivate final class TwoSources: Observable<Int>, @unchecked Sendable {
    let first: Observable<Int>
    let second: Observable<Int>

    init(_ first: Observable<Int>, _ second: Observable<Int>) {
        self.first = first
        self.second = second
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
        Disposables.create(first.subscribe(observer), second.subscribe(observer))
    }
}

/// `subscribe(onNext:…)` on an RxKit operator: its `ClosureSubscription` is the sink's link (no separate
/// `SinkLink`).
@Suite("Closure subscription as link")
struct ClosureSubscriptionLinkTests {
    final class Token {}

    /// `skip(until:)` ends without a terminal event when the source completes first (as RxSwift does): the
    /// sink must still be released from the subscription the user keeps (with the closures), and
    /// `onDisposed` runs only when the user disposes.
    @Test func aSinkThatEndsWithoutATerminalEventIsReleasedWhileTheDisposableIsKept() {
        let source = PublishSubject<Int>()
        let other = PublishSubject<Int>()
        weak var weakToken: Token?
        var disposedCalls = 0
        var events = 0
        let subscription: Disposable
        do {
            let token = Token()
            weakToken = token
            subscription = source.skip(until: other).subscribe(
                onNext: { _ in withExtendedLifetime(token) { events += 1 } },
                onCompleted: { events += 1 },
                onDisposed: { disposedCalls += 1 })
        }
        source.onNext(1)
        #expect(weakToken != nil)
        source.onCompleted()
        #expect(!source.hasObservers)
        #expect(!other.hasObservers)
        #expect(weakToken == nil, "the ended sink (and the closures) must be released while the disposable is kept")
        #expect(events == 0)
        #expect(disposedCalls == 0, "no terminal event and no dispose: onDisposed does not run yet")
        subscription.dispose()
        #expect(disposedCalls == 1)
        subscription.dispose()
        #expect(disposedCalls == 1)
    }

    /// One closure observer subscribed to two producers: the second gets a link of its own, and disposing
    /// the subscription disposes both.
    @Test func anObserverSubscribedToTwoProducersDisposesBoth() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        var values: [Int] = []
        var disposedCalls = 0
        let live = Resources.measure {
            let subscription = TwoSources(a.map { $0 * 10 }, b.skip(0)).subscribe(
                onNext: { values.append($0) }, onDisposed: { disposedCalls += 1 })
            a.onNext(1)
            b.onNext(2)
            #expect(a.hasObservers && b.hasObservers)
            subscription.dispose()
            #expect(!a.hasObservers && !b.hasObservers)
        }
        #expect(values == [10, 2])
        #expect(disposedCalls == 1)
        #expect(live == 0)
    }

    /// A sequence that ends while being subscribed: the sink disposes itself before it is attached to the
    /// subscription, which must then release it at once; `onDisposed` runs once.
    @Test func aSinkThatEndsDuringSubscribeIsReleasedOnAttach() {
        weak var weakToken: Token?
        var disposedCalls = 0
        var values: [Int] = []
        let live = Resources.measure {
            let subscription: Disposable
            do {
                let token = Token()
                weakToken = token
                subscription = Observable.from([1, 2]).skip(0).subscribe(
                    onNext: { value in withExtendedLifetime(token) { values.append(value) } },
                    onDisposed: { disposedCalls += 1 })
            }
            #expect(weakToken == nil)
            #expect(disposedCalls == 1)
            withExtendedLifetime(subscription) {}
        }
        #expect(values == [1, 2])
        #expect(live == 0)
    }

    /// The same as the first test, but the sink ends (without a terminal event) while it is being
    /// subscribed, before it is attached to the subscription: attaching must release it.
    @Test func aSinkThatEndsWithoutATerminalEventDuringSubscribeIsReleasedOnAttach() {
        let other = PublishSubject<Int>()
        weak var weakToken: Token?
        var disposedCalls = 0
        let subscription: Disposable
        do {
            let token = Token()
            weakToken = token
            subscription = Observable<Int>.empty().skip(until: other).subscribe(
                onNext: { _ in withExtendedLifetime(token) {} }, onDisposed: { disposedCalls += 1 })
        }
        #expect(!other.hasObservers)
        #expect(weakToken == nil, "the ended sink (and the closures) must be released when it is attached")
        #expect(disposedCalls == 0)
        subscription.dispose()
        #expect(disposedCalls == 1)
    }

    /// `empty`, `error` and `never` call (or drop) the observer themselves and take no link: the closure
    /// subscription holds what they return instead. RxSwift: the terminal handler, then `onDisposed`; a
    /// `never` subscription runs `onDisposed` when disposed; none keeps the observer (and its closures).
    @Test func sequencesThatTakeNoLinkStillEndAndReleaseTheClosures() {
        var log: [String] = []
        weak var weakToken: Token?
        var kept: [Disposable] = []
        do {
            let token = Token()
            weakToken = token
            kept.append(Observable<Int>.empty().subscribe(
                onNext: { _ in withExtendedLifetime(token) {} },
                onCompleted: { log.append("empty completed") }, onDisposed: { log.append("empty disposed") }))
            kept.append(Observable<Int>.error(TestError.boom).subscribe(
                onNext: { _ in withExtendedLifetime(token) {} },
                onError: { _ in log.append("error failed") }, onDisposed: { log.append("error disposed") }))
            kept.append(Observable<Int>.never().subscribe(
                onNext: { _ in withExtendedLifetime(token) {} }, onDisposed: { log.append("never disposed") }))
        }
        #expect(weakToken == nil, "no sequence keeps the observer while the disposables are kept")
        #expect(log == ["empty completed", "empty disposed", "error failed", "error disposed"])
        for subscription in kept { subscription.dispose() }
        #expect(log == ["empty completed", "empty disposed", "error failed", "error disposed", "never disposed"])
    }

    enum TestError: Error { case boom }
}
