import CombineKit
import CombineKitTest
import Testing

/// `FlatteningInnerBase`: flatMap's and switchToLatest's inner objects deliver to the downstream within
/// its demand themselves, under one lock with the children's bookkeeping, with a lock-free path for an
/// unlimited-demand downstream. These pin down what that path must still refuse — a value from a replaced
/// or cancelled inner publisher, anything after a terminal event — with inner publishers that keep
/// sending after they were cancelled (`StubbornPublisher`), and the multi-slot bookkeeping of flatMap.
@Suite struct FlatteningInnerBaseTests {
    /// A publisher that hands the test its subscriber and keeps it after `cancel()`, so the test can send
    /// "late" values the way a racing or misbehaving upstream would.
    final class StubbornPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
        final class Record: Subscription {
            var requested = Subscribers.Demand.none
            var cancelled = false
            func request(_ demand: Subscribers.Demand) { requested += demand }
            func cancel() { cancelled = true }
        }

        private(set) var subscriber: AnySubscriber<Output, Failure>?
        private(set) var subscriberDescription = ""
        private(set) var subscriberIdentifier: CombineIdentifier?
        let record = Record()

        func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            subscriberDescription = String(describing: subscriber)
            subscriberIdentifier = subscriber.combineIdentifier
            self.subscriber = AnySubscriber(subscriber)
            subscriber.receive(subscription: record)
        }

        @discardableResult
        func send(_ value: Output) -> Subscribers.Demand { subscriber?.receive(value) ?? .none }
        func send(completion: Subscribers.Completion<Failure>) { subscriber?.receive(completion: completion) }
    }

    typealias Stubborn = StubbornPublisher<Int, Never>

    // MARK: switchToLatest

    // Combine: "receiving a new publisher cancels the subscription to the previous one" — nothing of the
    // previous one reaches the downstream afterwards, even on the lock-free path (unlimited demand).
    @Test(arguments: [Subscribers.Demand.unlimited, .max(10)])
    func switchToLatestDropsValuesFromAReplacedInnerThatKeepsSending(demand: Subscribers.Demand) {
        let outer = PassthroughSubject<Stubborn, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: demand)
        outer.switchToLatest().subscribe(subscriber)
        let first = Stubborn()
        let second = Stubborn()
        outer.send(first)
        first.send(1)
        outer.send(second)
        #expect(first.record.cancelled)
        first.send(2)
        second.send(3)
        first.send(4)
        #expect(subscriber.values == [1, 3])
        #expect(subscriber.grammarViolations.isEmpty)
    }

    @Test func switchToLatestValueFromAReplacedInnerDoesNotTakeTheDemandOfTheCurrentOne() {
        let outer = PassthroughSubject<Stubborn, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        outer.switchToLatest().subscribe(subscriber)
        let first = Stubborn()
        let second = Stubborn()
        outer.send(first)
        outer.send(second)
        first.send(1)
        second.send(2)
        #expect(subscriber.values == [2])
        #expect(subscriber.demandViolations == 0)
    }

    // A value the current inner sends from inside the downstream's `receive(_:)` is queued behind the one
    // being delivered; the inner's and the outer's completions sent meanwhile wait behind it.
    @Test func switchToLatestCompletionWaitsBehindQueuedValues() {
        let outer = PassthroughSubject<Stubborn, Never>()
        let inner = Stubborn()
        var completedDuringFirst = true
        var subscriber: TestSubscriber<Int, Never>!
        subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2), onValue: { value in
            guard value == 1 else { return }
            inner.send(2)
            inner.send(completion: .finished)
            outer.send(completion: .finished)
            completedDuringFirst = subscriber.completion != nil
        })
        outer.switchToLatest().subscribe(subscriber)
        outer.send(inner)
        inner.send(1)
        #expect(!completedDuringFirst)
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completion == .finished)
        #expect(subscriber.grammarViolations.isEmpty)
        subscriber = nil
    }

    @Test func switchToLatestDeliversNothingAfterCancelEvenFromAnInnerThatKeepsSending() {
        let outer = PassthroughSubject<Stubborn, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)
        outer.switchToLatest().subscribe(subscriber)
        let inner = Stubborn()
        outer.send(inner)
        inner.send(1)
        subscriber.cancel()
        #expect(inner.record.cancelled)
        inner.send(2)
        inner.send(completion: .finished)
        #expect(subscriber.values == [1])
        #expect(subscriber.completion == nil)
    }

    // MARK: flatMap

    @Test func flatMapDeliversNothingAfterAnInnerFailureEvenFromAnInnerThatKeepsSending() {
        let outer = PassthroughSubject<StubbornPublisher<Int, TestError>, TestError>()
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .unlimited)
        outer.flatMap { $0 }.subscribe(subscriber)
        let failing = StubbornPublisher<Int, TestError>()
        let other = StubbornPublisher<Int, TestError>()
        outer.send(failing)
        outer.send(other)
        other.send(1)
        failing.send(completion: .failure(.oops))
        #expect(other.record.cancelled)
        other.send(2)
        other.send(completion: .finished)
        #expect(subscriber.values == [1])
        #expect(subscriber.completion == .failure(.oops))
        #expect(subscriber.grammarViolations.isEmpty)
    }

    @Test func flatMapDeliversNothingAfterCancelEvenFromAnInnerThatKeepsSending() {
        let outer = PassthroughSubject<Stubborn, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)
        outer.flatMap { $0 }.subscribe(subscriber)
        let inner = Stubborn()
        outer.send(inner)
        inner.send(1)
        subscriber.cancel()
        #expect(inner.record.cancelled)
        inner.send(2)
        inner.send(completion: .finished)
        #expect(subscriber.values == [1])
        #expect(subscriber.completion == nil)
    }

    @Test func flatMapFinishesOnlyAfterEveryInnerWhetherInTheInlineSlotOrNot() {
        // Three inners alive at once (the first slot is kept inline, the others in arrays); the first
        // finishes and a fourth takes its slot; the outer finishes; completion waits for the last inner.
        let outer = PassthroughSubject<Stubborn, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)
        outer.flatMap { $0 }.subscribe(subscriber)
        let inners = (0..<4).map { _ in Stubborn() }
        for inner in inners.prefix(3) { outer.send(inner) }
        inners[0].send(10)
        inners[1].send(11)
        inners[2].send(12)
        inners[0].send(completion: .finished)
        outer.send(inners[3])
        inners[3].send(13)
        outer.send(completion: .finished)
        inners[2].send(completion: .finished)
        inners[3].send(completion: .finished)
        #expect(subscriber.completion == nil)
        // A finished inner that sends again is no longer counted (its slot was released).
        inners[0].send(completion: .finished)
        #expect(subscriber.completion == nil)
        inners[1].send(14)
        inners[1].send(completion: .finished)
        #expect(subscriber.values == [10, 11, 12, 13, 14])
        #expect(subscriber.completion == .finished)
        #expect(subscriber.grammarViolations.isEmpty)
    }

    // Combine: while the downstream's demand is limited, each inner publisher is asked for one value at a
    // time, and a request from the downstream is not passed to them (OpenCombine FlatMapTests.testChildDemandWhenLimited).
    @Test func flatMapAsksEachNewInnerForOneValueWhileDemandIsLimited() {
        let outer = PassthroughSubject<Stubborn, Never>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(3))
        outer.flatMap { $0 }.subscribe(subscriber)
        let first = Stubborn()
        outer.send(first)
        #expect(first.record.requested == .max(1))
        #expect(first.send(1) == .max(1))
        let second = Stubborn()
        outer.send(second)
        #expect(second.record.requested == .max(1))
        subscriber.request(.max(2))
        #expect(first.record.requested == .max(1))
        #expect(second.record.requested == .max(1))
    }

    @Test func flatMapCancelReleasesTheDownstreamWhileAnInnerIsStillAlive() {
        // The inner object holds its downstream until it is released itself: cancelling lets go of it
        // (the outer and the live inner subscription drop their references), so a sink that lets go of
        // its subscription on cancel, as Combine's does, is released with everything it captured.
        final class Token {}
        weak var weakToken: Token?
        let outer = PassthroughSubject<Int, Never>()
        let inner = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var cancellable: AnyCancellable?
        do {
            let token = Token()
            weakToken = token
            cancellable = outer.flatMap { _ in inner }.sink { value in
                withExtendedLifetime(token) { received.append(value) }
            }
        }
        outer.send(0)
        inner.send(1)
        cancellable?.cancel()
        inner.send(2)
        #expect(received == [1])
        cancellable = nil
        #expect(weakToken == nil)
    }

    // MARK: The sides (`FlatteningSide`)

    @Test func innerPublishersSeeASideNamedAfterTheOperatorWithItsOwnIdentifier() {
        let outer = PassthroughSubject<Stubborn, Never>()
        var cancellables: [AnyCancellable] = []
        outer.flatMap { $0 }.sink { _ in }.store(in: &cancellables)
        let flatMapInners = [Stubborn(), Stubborn()]
        for inner in flatMapInners { outer.send(inner) }
        // Combine's inner subscribers are described by the operator's name.
        #expect(flatMapInners.map(\.subscriberDescription) == ["FlatMap", "FlatMap"])
        #expect(flatMapInners[0].subscriberIdentifier != flatMapInners[1].subscriberIdentifier)

        let switchOuter = PassthroughSubject<Stubborn, Never>()
        switchOuter.switchToLatest().sink { _ in }.store(in: &cancellables)
        let switchInner = Stubborn()
        switchOuter.send(switchInner)
        #expect(switchInner.subscriberDescription == "SwitchToLatest")
    }
}
