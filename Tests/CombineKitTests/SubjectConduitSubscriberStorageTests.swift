import CombineKit
import Testing

/// Where a subject keeps its subscriber (in the subscription object when the subscriber is at most four
/// words, in a heap block of its own otherwise) must not show: for value subscribers of either size, each
/// gets every value it asked for, then the completion, and is released when the subscription ends.
@Suite struct SubjectConduitSubscriberStorageTests {
    /// Records what a value subscriber receives; also what a test watches for release.
    final class Log: @unchecked Sendable {
        var values: [Int] = []
        var completions = 0
        var subscription: Subscription?
    }

    /// A subscriber that is a struct: `Log` plus `padding` words (0 → one word, fits; 4 → five, does not).
    struct ValueSubscriber<Padding>: Subscriber {
        typealias Input = Int
        typealias Failure = Never
        let combineIdentifier = CombineIdentifier()
        let log: Log
        let padding: Padding
        let demand: Subscribers.Demand

        func receive(subscription: Subscription) {
            log.subscription = subscription
            subscription.request(demand)
        }

        func receive(_ input: Int) -> Subscribers.Demand {
            log.values.append(input)
            return .none
        }

        func receive(completion: Subscribers.Completion<Never>) {
            log.completions += 1
        }
    }

    typealias Small = ValueSubscriber<Void>
    typealias Large = ValueSubscriber<(Int, Int, Int, Int)>

    @Test func theTwoSubscriberSizesAreOnEitherSideOfFourWords() {
        #expect(MemoryLayout<Small>.size <= 4 * MemoryLayout<Int>.size)
        #expect(MemoryLayout<Large>.size > 4 * MemoryLayout<Int>.size)
    }

    @Test(arguments: [false, true])
    func aValueSubscriberGetsWhatItAskedForThenTheCompletionAndIsReleased(large: Bool) {
        let subject = PassthroughSubject<Int, Never>()
        weak var weakLog: Log?
        do {
            let log = Log()
            weakLog = log
            if large {
                subject.subscribe(Large(log: log, padding: (1, 2, 3, 4), demand: .max(2)))
            } else {
                subject.subscribe(Small(log: log, padding: (), demand: .max(2)))
            }
            subject.send(1)
            subject.send(2)
            subject.send(3)  // beyond the demand: dropped, as Combine's PassthroughSubject does
            log.subscription?.request(.max(1))
            subject.send(4)
            subject.send(completion: .finished)
            subject.send(5)
            #expect(log.values == [1, 2, 4])
            #expect(log.completions == 1)
            log.subscription = nil
        }
        #expect(weakLog == nil)
    }

    @Test(arguments: [false, true])
    func aCancelledValueSubscriberOfACurrentValueSubjectIsReleased(large: Bool) {
        let subject = CurrentValueSubject<Int, Never>(7)
        weak var weakLog: Log?
        do {
            let log = Log()
            weakLog = log
            if large {
                subject.subscribe(Large(log: log, padding: (1, 2, 3, 4), demand: .unlimited))
            } else {
                subject.subscribe(Small(log: log, padding: (), demand: .unlimited))
            }
            subject.send(8)
            log.subscription?.cancel()
            subject.send(9)
            #expect(log.values == [7, 8])
            #expect(log.completions == 0)
            log.subscription = nil
        }
        #expect(weakLog == nil)
    }
}
