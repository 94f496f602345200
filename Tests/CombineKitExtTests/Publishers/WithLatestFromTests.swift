import CombineKit
import CombineKitExt
import CombineKitTest
import Testing

@Suite struct WithLatestFromTests {
    // RxSwift: upstream values before `other` has a value are dropped; other's completion is ignored.
    @Test func combinesWithLatestOtherValueAndCompletesWithUpstream() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.hot(s, [.value(10, 1), .value(30, 2), .value(50, 3), .finished(60)])
        let other = TestPublisher<String, TestError>.hot(s, [.value(20, "a"), .value(40, "b"), .finished(45)])
        let subscriber = TestSubscriber<String, TestError>(scheduler: s)
        upstream.withLatestFrom(other) { "\($0)\($1)" }.subscribe(subscriber)
        s.run()
        #expect(subscriber.events == [.subscription(0), .value(30, "2a"), .value(50, "3b"), .finished(60)])
    }

    @Test func withoutSelectorEmitsOtherValue() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.hot(s, [.value(30, 1), .value(50, 2)])
        let other = IntPublisher.hot(s, [.value(20, 7), .value(40, 8)])
        let subscriber = IntSubscriber(scheduler: s)
        upstream.withLatestFrom(other).subscribe(subscriber)
        s.run()
        #expect(subscriber.values == [7, 8])
    }

    @Test func failureOfOtherFailsAndCancelsUpstream() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.hot(s, [.value(30, 1)])
        let other = IntPublisher.hot(s, [.value(10, 7), .failure(25, .oops)])
        let subscriber = IntSubscriber(scheduler: s)
        upstream.withLatestFrom(other).subscribe(subscriber)
        s.run()
        #expect(subscriber.events == [.subscription(0), .failure(25, .oops)])
        #expect(upstream.subscriptions.first?.cancelled == 25)
    }

    @Test func failureOfUpstreamFailsAndCancelsOther() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.hot(s, [.failure(20, .other)])
        let other = IntPublisher.hot(s, [.value(10, 7)])
        let subscriber = IntSubscriber(scheduler: s)
        upstream.withLatestFrom(other).subscribe(subscriber)
        s.run()
        #expect(subscriber.events == [.subscription(0), .failure(20, .other)])
        #expect(other.subscriptions.first?.cancelled == 20)
    }

    @Test func cancellationCancelsAllSources() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.hot(s, [.value(10, 1), .value(30, 2)])
        let other = IntPublisher.hot(s, [.value(5, 7)])
        let subscriber = IntSubscriber(scheduler: s)
        upstream.withLatestFrom(other).subscribe(subscriber)
        s.at(20) { subscriber.cancel() }
        s.run()
        #expect(subscriber.values == [7])
        #expect(upstream.subscriptions.first?.cancelled == 20)
        #expect(other.subscriptions.first?.cancelled == 20)
    }

    @Test func subscribesOtherSourcesBeforeUpstream() {
        let log = EventLog()
        let upstream = AnyPublisher<Int, Never>.create { _ in log.append("upstream"); return AnyCancellable {} }
        let other1 = AnyPublisher<Int, Never>.create { _ in log.append("other1"); return AnyCancellable {} }
        let other2 = AnyPublisher<Int, Never>.create { _ in log.append("other2"); return AnyCancellable {} }
        let cancellable = upstream.withLatestFrom(other1, other2).sink { _ in }
        #expect(log.entries == ["other1", "other2", "upstream"])
        cancellable.cancel()
    }

    @Test func limitedDemandAsksUpstreamOnlyForWhatIsDemandedPlusDroppedValues() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.cold(s, [.value(10, 1), .value(30, 2), .value(50, 3), .finished(60)])
        let other = IntPublisher.hot(s, [.value(20, 100)])
        let subscriber = IntSubscriber(scheduler: s, initialDemand: .max(1))
        upstream.withLatestFrom(other) { $0 + $1 }.subscribe(subscriber)
        s.advance(to: 100)
        // 1 arrives before other has a value: dropped, and the `.max(1)` returned from `receive`
        // replaces it, so 2 still comes through on the single explicit request.
        #expect(subscriber.values == [102])
        #expect(upstream.subscriptions.first?.requests == [.init(time: 0, demand: .max(1))])
        #expect(subscriber.demandViolations == 0)
        subscriber.request(.max(5))
        #expect(subscriber.events.suffix(2) == [.value(100, 103), .finished(100)])
    }

    @Test func twoAndThreeOthersWithSelector() {
        let s = CombineTestScheduler()
        let upstream = IntPublisher.hot(s, [.value(10, 1), .value(40, 2), .finished(50)])
        let a = IntPublisher.hot(s, [.value(5, 10)])
        let b = IntPublisher.hot(s, [.value(20, 100)])
        let c = IntPublisher.hot(s, [.value(30, 1000)])
        let two = IntSubscriber(scheduler: s)
        let three = IntSubscriber(scheduler: s)
        upstream.withLatestFrom(a, b) { $0 + $1 + $2 }.subscribe(two)
        upstream.withLatestFrom(a, b, c) { $0 + $1 + $2 + $3 }.subscribe(three)
        s.run()
        #expect(two.events == [.subscription(0), .value(40, 112), .finished(50)])
        #expect(three.events == [.subscription(0), .value(40, 1112), .finished(50)])
    }

    // Values kept in place, one typed slot per other source: mixed sizes, a heap string, a class.
    @Test func mixedTypeOthersAreCombinedWithTheirOwnTypes() {
        struct Padded: Equatable { var flag: Bool; var wide: Int64; var small: UInt8 }
        let upstream = PassthroughSubject<UInt8, Never>()
        let a = PassthroughSubject<String, Never>()
        let b = PassthroughSubject<Padded, Never>()
        let c = PassthroughSubject<Box, Never>()
        var results: [String] = []
        let cancellable = upstream.withLatestFrom(a, b, c) { "\($0)|\($1)|\($2.wide)+\($2.small)|\($3.label)" }
            .sink { results.append($0) }
        a.send(String(repeating: "x", count: 40))
        b.send(Padded(flag: true, wide: -5, small: 9))
        upstream.send(1)  // c has no value yet: dropped
        c.send(Box("first"))
        upstream.send(2)
        a.send("short")
        c.send(Box("second"))
        upstream.send(3)
        #expect(results == ["2|\(String(repeating: "x", count: 40))|-5+9|first", "3|short|-5+9|second"])
        cancellable.cancel()
    }

    // House rule: cancelling releases everything — the other sources' latest values too, even while the
    // subscriber still holds its subscription.
    @Test func latestValuesAreReleasedWhenReplacedAndOnCancel() {
        let upstream = PassthroughSubject<Int, Never>()
        let other = PassthroughSubject<Box, Never>()
        weak var first: Box?
        weak var second: Box?
        let subscriber = HoldingSubscriber<String, Never>()
        upstream.withLatestFrom(other) { "\($0)\($1.label)" }.subscribe(subscriber)
        do {
            let box = Box("a")
            first = box
            other.send(box)
        }
        #expect(first != nil)
        do {
            let box = Box("b")
            second = box
            other.send(box)
        }
        #expect(first == nil, "the replaced value is released")
        upstream.send(1)
        #expect(subscriber.values == ["1b"])
        #expect(second != nil)
        subscriber.subscription?.cancel()
        #expect(second == nil, "the kept value is released on cancel")
        #expect(subscriber.subscription != nil)
    }

    @Test func latestValuesAreReleasedWhenUpstreamCompletesOrOtherFails() {
        let upstream = PassthroughSubject<Int, TestError>()
        let other = PassthroughSubject<Box, TestError>()
        weak var kept: Box?
        let subscriber = HoldingSubscriber<String, TestError>()
        upstream.withLatestFrom(other) { "\($0)\($1.label)" }.subscribe(subscriber)
        do {
            let box = Box("a")
            kept = box
            other.send(box)
        }
        upstream.send(completion: .finished)
        #expect(kept == nil)
        #expect(subscriber.completions == 1)

        let upstream2 = PassthroughSubject<Int, TestError>()
        let other2 = PassthroughSubject<Box, TestError>()
        let subscriber2 = HoldingSubscriber<String, TestError>()
        upstream2.withLatestFrom(other2) { "\($0)\($1.label)" }.subscribe(subscriber2)
        do {
            let box = Box("b")
            kept = box
            other2.send(box)
        }
        other2.send(completion: .failure(.oops))
        #expect(kept == nil)
        #expect(subscriber2.completions == 1)
    }
}

private final class Box: @unchecked Sendable {
    let label: String
    init(_ label: String) { self.label = label }
}

/// Requests unlimited demand and keeps its subscription until the test lets it go.
private final class HoldingSubscriber<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    var subscription: Subscription?
    var values: [Input] = []
    var completions = 0

    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        values.append(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        completions += 1
    }
}
