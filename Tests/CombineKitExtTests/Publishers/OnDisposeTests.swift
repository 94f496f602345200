import CombineKit
import CombineKitExt
import CombineKitTest
import Testing

@Suite struct OnDisposeTests {
    @Test func runsOnceAfterFinishIsDelivered() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.hot(s, [.value(10, 1), .finished(20)])
        let log = EventLog()
        let subscriber = IntSubscriber(scheduler: s)
        upstream.onDispose { log.append("dispose at \(s.clockTicks), completion \(subscriber.completion != nil)") }.subscribe(subscriber)
        s.run()
        subscriber.cancel()
        #expect(subscriber.values == [1])
        #expect(log.entries == ["dispose at 20, completion true"])
    }

    @Test func runsOnceOnFailure() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.hot(s, [.failure(10, .oops)])
        let log = EventLog()
        let subscriber = IntSubscriber(scheduler: s)
        upstream.onDispose { log.append("dispose") }.subscribe(subscriber)
        s.run()
        #expect(subscriber.completion == .failure(.oops))
        #expect(log.entries == ["dispose"])
    }

    @Test func runsOnceOnCancelAfterCancellingUpstream() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.hot(s, [.value(10, 1)])
        let log = EventLog()
        let subscriber = IntSubscriber(scheduler: s)
        upstream.onDispose { log.append("dispose, upstream cancelled: \(upstream.subscriptions.first?.cancelled != nil)") }.subscribe(subscriber)
        s.at(5) { subscriber.cancel() }
        s.at(6) { subscriber.cancel() }
        s.run()
        #expect(subscriber.values == [])
        #expect(log.entries == ["dispose, upstream cancelled: true"])
    }

    @Test func passesLimitedDemandThrough() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.cold(s, [.value(1, 1), .value(2, 2), .finished(3)])
        let subscriber = IntSubscriber(scheduler: s, initialDemand: .max(1))
        upstream.onDispose {}.subscribe(subscriber)
        s.advance(to: 10)
        #expect(subscriber.values == [1])
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completion == .finished)
        #expect(upstream.subscriptions.first?.totalDemand == .max(2))
    }
}
