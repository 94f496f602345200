import CombineKit
import CombineKitTest
import Dispatch
import Testing

/// The subscription of `Publishers.Sequence` (and `Record`). Arrays, array slices and `Int` ranges are read
/// by position, other sequences through their iterator; both must behave exactly alike under every demand
/// pattern: values only as demanded, completion right after the last value, re-entrant requests only adding
/// demand, cancel stopping at once.
@Suite struct SequenceSubscriptionTests {
    typealias Recorder = TestSubscriber<Int, Never>

    /// One way of driving a subscriber: its initial demand, what each value returns, and what it does
    /// from inside a value (given the value and the subscriber) and after subscribing.
    struct Script: CustomStringConvertible, Sendable {
        let description: String
        var initialDemand: Subscribers.Demand = .unlimited
        var demandPerValue: Subscribers.Demand = .none
        var onValue: @Sendable (Int, Recorder) -> Void = { _, _ in }
        var afterSubscribing: @Sendable (Recorder) -> Void = { _ in }
    }

    static let scripts: [Script] = [
        Script(description: "unlimited"),
        Script(description: "max(2), then one at a time", initialDemand: .max(2), afterSubscribing: { subscriber in
            for _ in 0..<10 { subscriber.request(.max(1)) }
        }),
        Script(description: "none, then max(3), then max(10)", initialDemand: .none, afterSubscribing: { subscriber in
            subscriber.request(.max(3))
            subscriber.request(.max(10))
        }),
        Script(description: "one more returned from each value", initialDemand: .max(1), demandPerValue: .max(1)),
        Script(description: "re-entrant request of two at the second value", initialDemand: .max(2), onValue: { value, subscriber in
            if value == 11 { subscriber.request(.max(2)) }
        }),
        Script(description: "cancel from inside the second value", onValue: { value, subscriber in
            if value == 11 { subscriber.cancel() }
        }),
        Script(description: "cancel from inside the last value", onValue: { value, subscriber in
            if value == 14 { subscriber.cancel() }
        }),
        Script(description: "cancel with demand left, then request", initialDemand: .max(2), afterSubscribing: { subscriber in
            subscriber.cancel()
            subscriber.request(.max(5))
        }),
    ]

    /// The events `publisher` sends to a subscriber following `script`.
    func run<P: Publisher>(_ script: Script, on publisher: P) -> [Recorder.Event] where P.Output == Int, P.Failure == Never {
        var handle: Recorder?
        let subscriber = Recorder(initialDemand: script.initialDemand, demandPerValue: script.demandPerValue) { value in
            if let handle { script.onValue(value, handle) }
        }
        handle = subscriber
        publisher.subscribe(subscriber)
        script.afterSubscribing(subscriber)
        #expect(subscriber.demandViolations == 0, "\(script)")
        handle = nil
        return subscriber.events
    }

    @Test(arguments: scripts)
    func positionalSequencesBehaveAsIteratedOnes(_ script: Script) {
        // `stride` has no contiguous storage and is no `Range`: it is read through its iterator.
        let iterated = run(script, on: stride(from: 10, to: 15, by: 1).publisher)
        let array = [10, 11, 12, 13, 14]
        #expect(run(script, on: array.publisher) == iterated, "\(script)")
        #expect(run(script, on: [0, 10, 11, 12, 13, 14][1...].publisher) == iterated, "\(script)")
        #expect(run(script, on: (10..<15).publisher) == iterated, "\(script)")
        #expect(run(script, on: (10...14).publisher) == iterated, "\(script)")
        #expect(run(script, on: Record<Int, Never>(output: array, completion: .finished)) == iterated, "\(script)")
    }

    @Test func limitedDemandGetsExactlyThatManyAndTheCompletionFollowsTheLastValue() {
        let subscriber = Recorder(initialDemand: .max(2))
        (0..<3).publisher.subscribe(subscriber)
        #expect(subscriber.values == [0, 1])
        #expect(subscriber.completion == nil)
        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription(0), .value(0, 0), .value(0, 1), .value(0, 2), .finished(0)])
        #expect(subscriber.demandViolations == 0)
    }

    /// A sequence whose iterator runs `onNext` (given the index of the call) inside each `next()`.
    struct CallingBack: Sequence, Sendable {
        let count: Int
        let onNext: @Sendable (Int) -> Void

        struct Iterator: IteratorProtocol {
            let count: Int
            let onNext: @Sendable (Int) -> Void
            var index = 0
            mutating func next() -> Int? {
                onNext(index)
                defer { index += 1 }
                return index < count ? index : nil
            }
        }

        func makeIterator() -> Iterator { Iterator(count: count, onNext: onNext) }
    }

    /// A custom iterator is user code: the subscription advances it without holding its lock, so the
    /// iterator may call back into the subscription (Combine's `Publishers.Sequence` pulls elements as
    /// demanded; nothing forbids this). Before, a call back deadlocked on the lock: a regression hangs
    /// this test (checked: with the old subscription it never returns).
    @Test func anIteratorMayRequestAndCancelFromInsideNext() {
        nonisolated(unsafe) var handle: Recorder?
        let requesting = Recorder(initialDemand: .max(1))
        handle = requesting
        CallingBack(count: 5) { index in if index > 0 { handle?.request(.max(1)) } }.publisher.subscribe(requesting)
        #expect(requesting.values == [0, 1, 2, 3, 4])
        #expect(requesting.completion == .finished)
        #expect(requesting.demandViolations == 0)

        let cancelling = Recorder(initialDemand: .unlimited)
        handle = cancelling
        // The third call (made after sending 0, to look ahead past 1) cancels: 1 is not sent.
        CallingBack(count: 5) { index in if index == 2 { handle?.cancel() } }.publisher.subscribe(cancelling)
        #expect(cancelling.values == [0])
        #expect(cancelling.completion == nil)
        handle = nil
    }

    @Test func integerRangesAtTheEdgesOfInt() {
        let top = Recorder()
        ((Int.max - 2)...Int.max).publisher.subscribe(top)
        #expect(top.values == [Int.max - 2, Int.max - 1, Int.max])
        #expect(top.completion == .finished)

        // Too many elements to count: iterated, and cancelled after three.
        var handle: Recorder?
        let whole = Recorder(initialDemand: .unlimited) { value in
            if value == Int.min + 2 { handle?.cancel() }
        }
        handle = whole
        (Int.min...Int.max).publisher.subscribe(whole)
        #expect(whole.values == [Int.min, Int.min + 1, Int.min + 2])
        handle = nil

        let empty = Recorder(initialDemand: .none)
        (3..<3).publisher.subscribe(empty)
        #expect(empty.events == [.subscription(0), .finished(0)])
    }
}
