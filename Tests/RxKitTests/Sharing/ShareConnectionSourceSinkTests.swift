@testable import RxKit
import Testing

/// The connection takes an RxKit operator's sink itself as the source subscription (no `SinkLink`: it
/// drops the subscription when it stops). These pin that nothing outlives the connection either way.
@Suite struct ShareConnectionSourceSinkTests {
    final class Probe {}

    @Test(arguments: [0, 1])
    func theLastSubscriberLeavingReleasesTheSourceSinkAndItsClosures(replay: Int) {
        weak var weakProbe: Probe?
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let delta = resourceDelta {
            let probe = Probe()
            weakProbe = probe
            let shared = subject.map { value in _ = probe; return value * 2 }.share(replay: replay)
            let first = shared.subscribe(onNext: { received.append($0) })
            let second = shared.subscribe(onNext: { received.append($0) })
            subject.onNext(1)
            first.dispose()
            #expect(subject.hasObservers)
            second.dispose()
            #expect(!subject.hasObservers)
        }
        #expect(received == [2, 2])
        #expect(weakProbe == nil, "the source's sink (holding the map closure) outlived the connection")
        #expect(delta == 0)
    }

    /// After the source completes, a subscriber that keeps its disposable keeps no part of the source's
    /// subscription: the scan sink's accumulated state (made per element, so only the sink holds it) is gone.
    @Test(arguments: [0, 1])
    func aCompletedSourceSinkIsReleasedWhileSubscribersKeepTheirDisposables(replay: Int) {
        final class State { let value: Int; init(_ value: Int) { self.value = value } }
        weak var weakState: State?
        let subject = PublishSubject<Int>()
        // The scan is the shared source itself: its sink is the one the connection holds.
        let shared = subject
            .scan(State(0)) { sum, value in
                let state = State(sum.value + value)
                weakState = state
                return state
            }
            .share(replay: replay)
        var events: [Int] = []
        var completed = false
        let kept = shared.subscribe(onNext: { events.append($0.value) }, onCompleted: { completed = true })
        subject.onNext(1)
        #expect(weakState != nil)
        subject.onCompleted()
        #expect(events == [1] && completed)
        #expect(weakState == nil, "the completed source's sink is still held")
        kept.dispose()
    }
}
