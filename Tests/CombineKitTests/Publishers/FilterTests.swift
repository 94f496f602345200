import CombineKit
import CombineKitTest
import Testing

@Suite struct FilterTests {
    @Test func keepsMatchingValues() {
        let subscriber = TestSubscriber<Int, Never>()
        (1...6).publisher.eraseToAnyPublisher().filter { $0.isMultiple(of: 2) }.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .value(0, 2), .value(0, 4), .value(0, 6), .finished(0)])
    }

    // A filtered-out element must not use up the downstream's demand: the filter asks upstream for one more.
    @Test func droppedElementsRequestOneMoreFromUpstream() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        (1...6).publisher.eraseToAnyPublisher().filter { $0 > 3 }.subscribe(subscriber)
        #expect(subscriber.values == [4])
        #expect(subscriber.demandViolations == 0)
    }

    @Test func forwardsFailureAndCancel() {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>()
        subject.filter { _ in true }.subscribe(subscriber)
        subject.send(1)
        subject.send(completion: .failure(.oops))
        subject.send(2)
        #expect(subscriber.events == [.subscription(0), .value(0, 1), .failure(0, .oops)])
        let cancelled = TestSubscriber<Int, TestError>()
        let other = PassthroughSubject<Int, TestError>()
        other.filter { _ in true }.subscribe(cancelled)
        cancelled.cancel()
        other.send(1)
        #expect(cancelled.values == [])
    }

    @Test func tryFilterFailsWithThrownError() {
        let subscriber = TestSubscriber<Int, Error>()
        [1, 2, 3].publisher.tryFilter { value in
            if value == 2 { throw TestError.oops }
            return true
        }.subscribe(subscriber)
        #expect(subscriber.values == [1])
        if case .failure(let error)? = subscriber.completion { #expect(error as? TestError == .oops) } else { Issue.record("expected failure") }
    }

    @Test func filterAfterFilterFuses() {
        let fused: Publishers.Filter<PassthroughSubject<Int, Never>> = PassthroughSubject<Int, Never>().filter { $0 > 1 }.filter { $0 < 4 }
        let subscriber = TestSubscriber<Int, Never>()
        fused.subscribe(subscriber)
        for value in 0...5 { fused.upstream.send(value) }
        #expect(subscriber.values == [2, 3])
    }

    @Test func compactMapDropsNilsAndRespectsDemand() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        ["1", "x", "2", "3"].publisher.eraseToAnyPublisher().compactMap { Int($0) }.subscribe(subscriber)
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completion == nil)
    }

    @Test func tryCompactMapFails() {
        let subscriber = TestSubscriber<Int, Error>()
        ["1", "x"].publisher.tryCompactMap { (string: String) -> Int? in
            guard let value = Int(string) else { throw TestError.oops }
            return value
        }.subscribe(subscriber)
        #expect(subscriber.values == [1])
        #expect(subscriber.completion != nil)
    }

    @Test func removeDuplicatesDropsConsecutiveRepeats() {
        let subscriber = TestSubscriber<Int, Never>()
        [1, 1, 2, 2, 1, 3, 3].publisher.removeDuplicates().subscribe(subscriber)
        #expect(subscriber.values == [1, 2, 1, 3])
        #expect(subscriber.completion == .finished)
    }

    @Test func removeDuplicatesWithLimitedDemand() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(2))
        [1, 1, 2, 2, 3].publisher.removeDuplicates(by: ==).subscribe(subscriber)
        #expect(subscriber.values == [1, 2])
    }

    @Test func tryRemoveDuplicatesFails() {
        let subscriber = TestSubscriber<Int, Error>()
        [1, 2, 3].publisher.tryRemoveDuplicates { _, new in
            if new == 3 { throw TestError.oops }
            return false
        }.subscribe(subscriber)
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completion != nil)
    }

    @Test func replaceEmptyPublishesReplacementForEmptyStream() {
        let subscriber = TestSubscriber<Int, Never>()
        Empty<Int, Never>().replaceEmpty(with: 7).subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .value(0, 7), .finished(0)])
        let nonEmpty = TestSubscriber<Int, Never>()
        [1].publisher.replaceEmpty(with: 7).subscribe(nonEmpty)
        #expect(nonEmpty.values == [1])
    }

    @Test func replaceEmptyWaitsForDemand() {
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .none)
        Empty<Int, Never>().replaceEmpty(with: 7).subscribe(subscriber)
        #expect(subscriber.values == [])
        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription(0), .value(0, 7), .finished(0)])
    }

    @Test func replaceEmptyForwardsFailure() {
        let subscriber = TestSubscriber<Int, TestError>()
        Fail<Int, TestError>(error: .oops).replaceEmpty(with: 7).subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .failure(0, .oops)])
    }

    @Test func replaceErrorPublishesReplacementThenFinishes() {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = TestSubscriber<Int, Never>()
        subject.replaceError(with: 0).subscribe(subscriber)
        subject.send(1)
        subject.send(completion: .failure(.oops))
        #expect(subscriber.events == [.subscription(0), .value(0, 1), .value(0, 0), .finished(0)])
    }

    @Test func replaceErrorWaitsForDemandAndCancels() {
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        subject.replaceError(with: 0).subscribe(subscriber)
        subject.send(1)
        subject.send(completion: .failure(.oops))
        #expect(subscriber.values == [1])
        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription(0), .value(0, 1), .value(0, 0), .finished(0)])
        let cancelled = TestSubscriber<Int, Never>()
        let other = PassthroughSubject<Int, TestError>()
        other.replaceError(with: 0).subscribe(cancelled)
        cancelled.cancel()
        other.send(completion: .failure(.oops))
        #expect(cancelled.values == [])
    }
}

/// Combine's `filter`, `compactMap`, `scan`, `mapError` and `ignoreOutput` hand the upstream's subscription
/// to the downstream and return the downstream's demand from `receive(_:)` as it is (`.max(1)` for an
/// element a filter drops) (OpenCombine FilterTests, CompactMapTests, ScanTests, MapErrorTests,
/// IgnoreOutputTests).
@Suite struct PassThroughOperatorDemandTests {
    private func check<P: Publisher>(_ makeOperator: (ManualPublisher<Int, TestError>) -> P) -> (ManualPublisher<Int, TestError>, ManualSubscriber<P.Output, P.Failure>) {
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<P.Output, P.Failure>(demandPerValue: .max(3))
        makeOperator(upstream).subscribe(subscriber)
        return (upstream, subscriber)
    }

    @Test func filterReturnsTheDownstreamsDemandAndOneForADroppedElement() {
        let (upstream, subscriber) = check { $0.filter { $0 > 1 } }
        #expect(subscriber.subscription as AnyObject === upstream.subscription)
        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(2) == .max(3))
        subscriber.subscription?.request(.max(5))
        subscriber.subscription?.cancel()
        #expect(upstream.subscription.events == [.requested(.max(5)), .cancelled])
    }

    @Test func compactMapReturnsTheDownstreamsDemandAndOneForNil() {
        let (upstream, subscriber) = check { $0.compactMap { $0 > 1 ? String($0) : nil } }
        #expect(subscriber.subscription as AnyObject === upstream.subscription)
        #expect(upstream.send(1) == .max(1))
        #expect(upstream.send(2) == .max(3))
        #expect(subscriber.values == ["2"])
    }

    @Test func scanReturnsTheDownstreamsDemand() {
        let (upstream, subscriber) = check { $0.scan(0, +) }
        #expect(subscriber.subscription as AnyObject === upstream.subscription)
        #expect(upstream.send(1) == .max(3))
        #expect(upstream.send(2) == .max(3))
        #expect(subscriber.values == [1, 3])
    }

    @Test func mapErrorPassesTheSubscriptionAndMapsTheFailure() {
        let (upstream, subscriber) = check { $0.mapError { _ in TestError.other } }
        #expect(subscriber.subscription as AnyObject === upstream.subscription)
        #expect(upstream.send(1) == .max(3))
        upstream.send(completion: .failure(.oops))
        #expect(subscriber.completions == [.failure(.other)])
    }

    // Combine's ignoreOutput asks the upstream for `.unlimited` and hands its subscription on.
    @Test func ignoreOutputRequestsUnlimitedAndHandsTheSubscriptionOn() {
        let (upstream, subscriber) = check { $0.ignoreOutput() }
        #expect(subscriber.subscription as AnyObject === upstream.subscription)
        #expect(upstream.send(1) == .none)
        #expect(upstream.subscription.events == [.requested(.unlimited)])
        upstream.send(completion: .finished)
        #expect(subscriber.completions == [.finished])
    }
}
