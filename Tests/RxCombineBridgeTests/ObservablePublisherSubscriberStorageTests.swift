import CombineKit
import CombineKitTest
import RxCombineBridge
@testable import RxKit
import Testing

/// The bridge's subscription keeps its subscriber in itself when it is at most four words and in a heap
/// block of its own otherwise: neither may show. Value subscribers of both sizes get what they asked for,
/// then the completion, and are released when the subscription ends.
@Suite struct ObservablePublisherSubscriberStorageTests {
    @Test func theTwoSubscriberSizesAreOnEitherSideOfFourWords() {
        #expect(MemoryLayout<SmallValueTypeSubscriber<Int, Error>>.size <= 4 * MemoryLayout<Int>.size)
        #expect(MemoryLayout<LargeValueTypeSubscriber<Int, Error>>.size > 4 * MemoryLayout<Int>.size)
    }

    @Test(arguments: [false, true])
    func aValueSubscriberGetsHeldValuesOnDemandThenTheCompletionAndIsReleased(large: Bool) {
        let subject = PublishSubject<Int>()
        weak var weakLog: ValueSubscriberLog<Int, Error>?
        do {
            let log = ValueSubscriberLog<Int, Error>()
            weakLog = log
            subject.asPublisher().subscribeValueTypeSubscriber(large: large, demand: .max(1), log: log)
            subject.onNext(1)
            subject.onNext(2)  // held: the bridge's default buffer keeps what exceeds the demand
            subject.onCompleted()
            #expect(log.values == [1])
            #expect(log.completions.isEmpty)  // the completion waits behind the held value
            log.subscription?.request(.max(1))
            #expect(log.values == [1, 2])
            #expect(log.completions.count == 1)
            log.subscription = nil
        }
        #expect(weakLog == nil)
    }

    @Test(arguments: [false, true])
    func aCancelledValueSubscriberIsReleasedAndLeavesTheSubject(large: Bool) {
        let subject = PublishSubject<Int>()
        weak var weakLog: ValueSubscriberLog<Int, Error>?
        do {
            let log = ValueSubscriberLog<Int, Error>()
            weakLog = log
            subject.asPublisher().subscribeValueTypeSubscriber(large: large, demand: .unlimited, log: log)
            subject.onNext(1)
            log.subscription?.cancel()
            subject.onNext(2)
            #expect(log.values == [1])
            #expect(!subject.hasObservers)
            log.subscription = nil
        }
        #expect(weakLog == nil)
    }
}
