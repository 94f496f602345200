import CombineKit
import CombineKitTest
import Testing

/// Where a subject keeps its subscriber (in the subscription object when the subscriber is at most four
/// words, in a heap block of its own otherwise) must not show: for value subscribers of either size, each
/// gets every value it asked for, then the completion, and is released when the subscription ends.
@Suite struct SubjectConduitSubscriberStorageTests {
    @Test func theTwoSubscriberSizesAreOnEitherSideOfFourWords() {
        #expect(MemoryLayout<SmallValueTypeSubscriber<Int, Never>>.size <= 4 * MemoryLayout<Int>.size)
        #expect(MemoryLayout<LargeValueTypeSubscriber<Int, Never>>.size > 4 * MemoryLayout<Int>.size)
    }

    @Test(arguments: [false, true])
    func aValueSubscriberGetsWhatItAskedForThenTheCompletionAndIsReleased(large: Bool) {
        let subject = PassthroughSubject<Int, Never>()
        weak var weakLog: ValueSubscriberLog<Int, Never>?
        do {
            let log = ValueSubscriberLog<Int, Never>()
            weakLog = log
            subject.subscribeValueTypeSubscriber(large: large, demand: .max(2), log: log)
            subject.send(1)
            subject.send(2)
            subject.send(3)  // beyond the demand: dropped, as Combine's PassthroughSubject does
            log.subscription?.request(.max(1))
            subject.send(4)
            subject.send(completion: .finished)
            subject.send(5)
            #expect(log.values == [1, 2, 4])
            #expect(log.completions.count == 1)
            log.subscription = nil
        }
        #expect(weakLog == nil)
    }

    @Test(arguments: [false, true])
    func aCancelledValueSubscriberOfACurrentValueSubjectIsReleased(large: Bool) {
        let subject = CurrentValueSubject<Int, Never>(7)
        weak var weakLog: ValueSubscriberLog<Int, Never>?
        do {
            let log = ValueSubscriberLog<Int, Never>()
            weakLog = log
            subject.subscribeValueTypeSubscriber(large: large, demand: .unlimited, log: log)
            subject.send(8)
            log.subscription?.cancel()
            subject.send(9)
            #expect(log.values == [7, 8])
            #expect(log.completions.isEmpty)
            log.subscription = nil
        }
        #expect(weakLog == nil)
    }
}
