import CombineKit
import CombineKitExt
import CombineKitTest
import Testing

@Suite struct PairwiseTests {
    @Test func pairsConsecutiveValuesAndFinishes() {
        let s = CombineTestScheduler()
        let (_, subscriber) = runStandardScript(s) { $0.pairwise().eraseToAnyPublisher() }
        s.run()
        #expect(subscriber.values.map { "\($0.0)\($0.1)" } == ["12", "23", "34"])
        #expect(subscriber.completion == .finished)
    }

    @Test func failureAndCancellation() {
        let s = CombineTestScheduler()
        let (_, failed) = runStandardScript(s, end: .failure(45, .oops)) { $0.pairwise().eraseToAnyPublisher() }
        let (upstream, cancelled) = runStandardScript(s) { $0.pairwise().eraseToAnyPublisher() }
        s.at(25) { cancelled.cancel() }
        s.run()
        #expect(failed.completion == .failure(.oops))
        #expect(cancelled.values.count == 1)
        #expect(upstream.subscriptions.first?.cancelled == 25)
    }

    @Test func maxOneDemandGivesOnePairAndTheFirstValueIsReplaced() {
        let s = CombineTestScheduler()
        let (upstream, subscriber) = runStandardScript(s, demand: .max(1)) { $0.pairwise().eraseToAnyPublisher() }
        s.run()
        #expect(subscriber.values.map { "\($0.0)\($0.1)" } == ["12"])
        #expect(upstream.subscriptions.first?.requests.count == 1)
        subscriber.request(.max(3))
        #expect(subscriber.values.count == 3)
        #expect(subscriber.completion == .finished)
        #expect(subscriber.demandViolations == 0)
    }
}
