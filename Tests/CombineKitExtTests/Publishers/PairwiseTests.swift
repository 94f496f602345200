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

    // The previous value is kept in place between values: it is replaced (the older one released) as
    // values go by, and released with the subscription.
    @Test func previousValueIsReleasedWhenReplacedAndWhenTheSubscriptionEnds() {
        final class Token {}
        let subject = PassthroughSubject<Token, Never>()
        var pairs = 0
        weak var first: Token?
        weak var second: Token?
        var cancellable: AnyCancellable? = subject.pairwise().sink { _ in pairs += 1 }
        do {
            let a = Token(), b = Token(), c = Token()
            first = a
            second = b
            subject.send(a)
            subject.send(b)
            subject.send(c)
        }
        #expect(pairs == 2)
        #expect(first == nil)  // replaced by b, then b by c
        #expect(second == nil)
        weak var kept: Token?
        do {
            let d = Token()
            kept = d
            subject.send(d)
        }
        #expect(kept != nil)  // the previous value now
        cancellable?.cancel()
        cancellable = nil
        #expect(kept == nil)
    }
}
