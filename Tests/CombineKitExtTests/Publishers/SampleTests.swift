import CombineKit
import CombineKitExt
import CombineKitTest
import Testing

@Suite struct SampleTests {
    // RxSwift 6 Sample.swift: emit latest-since-last-tick on sampler next/completed; finish at the
    // next tick after the source finished.
    @Test func emitsLatestNewValueOnEachTickAndFinishesAtTickAfterSourceEnds() {
        let s = CombineTestScheduler()
        let source = IntPublisher.hot(s, [.value(10, 1), .value(12, 2), .value(30, 3), .finished(35)])
        let sampler = TestPublisher<Void, TestError>.hot(s, [.value(15, ()), .value(20, ()), .value(40, ()), .value(50, ())])
        let subscriber = IntSubscriber(scheduler: s)
        source.sample(sampler).subscribe(subscriber)
        s.run()
        #expect(subscriber.events == [.subscription(0), .value(15, 2), .value(40, 3), .finished(40)])
        #expect(sampler.subscriptions.first?.cancelled == 40)
    }

    @Test func defaultValueIsUsedWhenNothingNewArrived() {
        let s = CombineTestScheduler()
        let source = IntPublisher.hot(s, [.value(10, 1)])
        let sampler = TestPublisher<Void, TestError>.hot(s, [.value(15, ()), .value(20, ()), .finished(25)])
        let subscriber = IntSubscriber(scheduler: s)
        source.sample(sampler, defaultValue: 0).subscribe(subscriber)
        s.run()
        #expect(subscriber.values == [1, 0, 0])
    }

    @Test func failureOfSamplerFails() {
        let s = CombineTestScheduler()
        let source = IntPublisher.hot(s, [.value(10, 1)])
        let sampler = TestPublisher<Void, TestError>.hot(s, [.failure(15, .oops)])
        let subscriber = IntSubscriber(scheduler: s)
        source.sample(sampler).subscribe(subscriber)
        s.run()
        #expect(subscriber.events == [.subscription(0), .failure(15, .oops)])
        #expect(source.subscriptions.first?.cancelled == 15)
    }

    @Test func cancellationCancelsBoth() {
        let s = CombineTestScheduler()
        let source = IntPublisher.hot(s, [.value(10, 1)])
        let sampler = TestPublisher<Void, TestError>.hot(s, [.value(15, ())])
        let subscriber = IntSubscriber(scheduler: s)
        source.sample(sampler).subscribe(subscriber)
        s.at(12) { subscriber.cancel() }
        s.run()
        #expect(subscriber.values == [])
        #expect(source.subscriptions.first?.cancelled == 12)
        #expect(sampler.subscriptions.first?.cancelled == 12)
    }

    @Test func maxOneSubscriberKeepsLaterSamplesAndLosesNothingOnCompletion() {
        let s = CombineTestScheduler()
        let source = IntPublisher.hot(s, [.value(10, 1), .value(20, 2), .finished(25)])
        let sampler = TestPublisher<Void, TestError>.hot(s, [.value(15, ()), .value(30, ())])
        let subscriber = IntSubscriber(scheduler: s, initialDemand: .max(1))
        source.sample(sampler).subscribe(subscriber)
        s.run()
        #expect(subscriber.values == [1])
        #expect(subscriber.completion == nil)
        subscriber.request(.max(1))
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completion == .finished)
        #expect(subscriber.demandViolations == 0)
    }
}
