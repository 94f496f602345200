import CombineKit
import CombineKitTest
import Foundation
import Testing

/// `FlatteningInnerBase` raced from several threads: switchToLatest switching while its inner publishers
/// send from other threads (the generation kept in the atomic word decides, on the lock-free path, whether
/// a value is from the current inner), and flatMap's inners sending while others subscribe and finish.
/// Pass/fail on the grammar (`TestSubscriber` flags overlapping calls, values beyond demand, anything after
/// completion) and on what must hold once the threads are done. "Stress" in the name: CI also runs these
/// under the thread sanitizer.
@Suite struct FlatteningInnerBaseStressTests {
    static let rounds = 10
    static let threads = 4
    static let perThread = 200

    @Test func switchToLatestSwitchingWhileInnersSendFromOtherThreadsStaysWithinTheGrammar() {
        for _ in 0..<Self.rounds {
            let outer = PassthroughSubject<PassthroughSubject<Int, Never>, Never>()
            let inners = (0..<3).map { _ in PassthroughSubject<Int, Never>() }
            let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)
            outer.switchToLatest().subscribe(subscriber)
            outer.send(inners[0])
            SubjectConduitStressTests.race(Self.threads) { thread in
                for index in 0..<Self.perThread {
                    if thread == 0 {
                        outer.send(inners[index % inners.count])
                    } else {
                        inners[(thread + index) % inners.count].send(index)
                    }
                }
            }
            // Once the threads are done, only the current inner gets through.
            let last = PassthroughSubject<Int, Never>()
            outer.send(last)
            let before = subscriber.values.count
            for inner in inners { inner.send(-1) }
            last.send(-2)
            #expect(Array(subscriber.values.dropFirst(before)) == [-2])
            outer.send(completion: .finished)
            last.send(completion: .finished)
            #expect(subscriber.completion == .finished)
            #expect(subscriber.grammarViolations.isEmpty)
        }
    }

    @Test func flatMapInnersSendingWhileOthersSubscribeAndFinishDeliverEveryValueOnce() {
        for _ in 0..<Self.rounds {
            let outer = PassthroughSubject<Int, Never>()
            let fed = (0..<2).map { _ in PassthroughSubject<Int, Never>() }
            let subscriber = TestSubscriber<Int, Never>(initialDemand: .unlimited)
            outer.flatMap { value -> AnyPublisher<Int, Never> in
                value < 0 ? fed[-value - 1].eraseToAnyPublisher() : Just(value).eraseToAnyPublisher()
            }.subscribe(subscriber)
            outer.send(-1)
            outer.send(-2)
            SubjectConduitStressTests.race(Self.threads) { thread in
                for index in 0..<Self.perThread {
                    if thread < 2 {
                        fed[thread].send(index)
                    } else {
                        outer.send(index)
                    }
                }
            }
            outer.send(completion: .finished)
            #expect(subscriber.completion == nil)
            for inner in fed { inner.send(completion: .finished) }
            #expect(subscriber.values.count == Self.threads * Self.perThread)
            #expect(subscriber.completion == .finished)
            #expect(subscriber.grammarViolations.isEmpty)
        }
    }
}
