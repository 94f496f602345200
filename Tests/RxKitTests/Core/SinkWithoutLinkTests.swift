import RxKit
import Testing

/// A subscription whose subscriber is itself an RxKit sink or a flattening inner observer gets the sink as
/// its disposable, without a `SinkLink`; the sink holds its upstream subscription (`SinkBase`). These pin the
/// edges that creates.
@Suite("Sink without link")
struct SinkWithoutLinkTests {
    final class Token {}

    /// The source terminates while it is being subscribed, so the sink (here `take`'s, subscribed by
    /// `skip`'s sink, and `create`'s, subscribed by `take`'s) is disposed before `subscribe` returns its
    /// upstream subscription: that subscription must be disposed as soon as it arrives.
    @Test func aDisposeBeforeTheUpstreamArrivesDisposesItOnArrival() {
        var upstreamDisposals = 0
        var values: [Int] = []
        var completions = 0
        let live = Resources.measure {
            let source = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onCompleted()
                return Disposables.create { upstreamDisposals += 1 }
            }
            let subscription = source.take(10).skip(0).subscribe(
                onNext: { values.append($0) }, onCompleted: { completions += 1 })
            #expect(upstreamDisposals == 1, "the upstream subscription must be disposed when it arrives")
            subscription.dispose()
            #expect(upstreamDisposals == 1)
        }
        #expect(values == [1])
        #expect(completions == 1)
        #expect(live == 0)
    }

    /// The same through a flattening sink's inner observer.
    @Test func aDisposeBeforeTheUpstreamArrivesDisposesItOnArrivalInsideFlatMap() {
        var upstreamDisposals = 0
        var values: [Int] = []
        let live = Resources.measure {
            let inner = Observable<Int>.create { observer in
                observer.onNext(7)
                observer.onCompleted()
                return Disposables.create { upstreamDisposals += 1 }
            }
            let subject = PublishSubject<Int>()
            let subscription = subject.flatMap { _ in inner.take(5) }.subscribe(onNext: { values.append($0) })
            subject.onNext(0)
            subject.onNext(0)
            #expect(upstreamDisposals == 2)
            subscription.dispose()
        }
        #expect(values == [7, 7])
        #expect(live == 0)
    }

    /// Disposing the user's disposable releases the whole sink chain, and with it the closures, while the
    /// disposable itself is still held.
    @Test func disposingReleasesTheObserverWhileTheDisposableIsKept() {
        let subject = PublishSubject<Int>()
        weak var weakToken: Token?
        var received: [Int] = []
        var subscription: Disposable?
        do {
            let token = Token()
            weakToken = token
            subscription = subject.take(10).skip(0).distinctUntilChanged().subscribe(onNext: { value in
                withExtendedLifetime(token) { received.append(value) }
            })
        }
        subject.onNext(1)
        #expect(weakToken != nil)
        subscription?.dispose()
        #expect(weakToken == nil, "the closures must be released at dispose, while the disposable is kept")
        #expect(!subject.hasObservers)
        subject.onNext(2)
        #expect(received == [1])
        subscription?.dispose()  // idempotent
        withExtendedLifetime(subscription) {}
    }

    /// After the sequence ends, nothing is left alive by a cycle between linkless sinks, even though the
    /// user keeps the disposable and never disposes it.
    @Test func noCycleIsLeftAfterTermination() {
        for fails in [false, true] {
            weak var weakToken: Token?
            var kept: Disposable?
            let live = Resources.measure {
                let subject = PublishSubject<Int>()
                do {
                    let token = Token()
                    weakToken = token
                    kept = subject.skip(0).take(10).flatMapLatest { Observable.just($0).skip(0) }.scan(0, accumulator: +)
                        .subscribe(onNext: { _ in withExtendedLifetime(token) {} }, onError: { _ in })
                }
                subject.onNext(1)
                if fails {
                    subject.onError(SinkWithoutLinkError.boom)
                } else {
                    subject.onCompleted()
                }
                #expect(weakToken == nil, "the sink chain must be released when the sequence ends")
                kept = nil
            }
            #expect(live == 0)
            withExtendedLifetime(kept) {}
        }
    }

    /// An inner sequence that ends while the outer one keeps running releases its sinks at once (its group
    /// drops the sink it received as the inner's disposable).
    @Test func anEndedInnerIsReleasedWhileTheOuterRuns() {
        let outer = PublishSubject<Int>()
        let inner = PublishSubject<Int>()
        var values: [Int] = []
        let subscription = outer.flatMap { _ in inner.take(1).skip(0) }.subscribe(onNext: { values.append($0) })
        let live = Resources.measure {
            outer.onNext(0)
            #expect(inner.hasObservers)
            inner.onNext(5)
            #expect(!inner.hasObservers)
        }
        #expect(values == [5])
        #expect(live == 0, "the finished inner's sinks must be released while the outer runs")
        #expect(outer.hasObservers)
        subscription.dispose()
        #expect(!outer.hasObservers)
    }
}

private enum SinkWithoutLinkError: Error { case boom }
