import CombineKit
import CombineKitTest
import Testing

@Suite struct CatchTests {
    @Test func replacesFailedPublisher() {
        let subscriber = TestSubscriber<Int, Never>()
        [1, 2].publisher.setFailureType(to: TestError.self).append(Fail(error: .oops))
            .catch { _ in Just(99) }.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .value(0, 1), .value(0, 2), .value(0, 99), .finished(0)])
    }

    @Test func replacementGetsUnusedDemand() {
        let scheduler = CombineTestScheduler()
        let first = TestPublisher<Int, TestError>.cold(scheduler, [.value(1, 1), .failure(2, .oops)])
        let second = TestPublisher<Int, TestError>.cold(scheduler, [.value(1, 2), .value(2, 3)])
        let subscriber = TestSubscriber<Int, TestError>(scheduler: scheduler, initialDemand: .max(2))
        first.catch { _ in second }.subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.values == [1, 2])
        #expect(second.subscriptions[0].requests == [.init(time: 2, demand: .max(1))])
    }

    @Test func finishedUpstreamIsNotReplacedAndCancelWorks() {
        let subscriber = TestSubscriber<Int, Never>()
        Just(1).setFailureType(to: TestError.self).catch { _ in Just(2) }.subscribe(subscriber)
        #expect(subscriber.values == [1])
        let subject = PassthroughSubject<Int, TestError>()
        let cancelled = TestSubscriber<Int, Never>()
        subject.catch { _ in Just(2) }.subscribe(cancelled)
        cancelled.cancel()
        subject.send(completion: .failure(.oops))
        #expect(cancelled.values == [])
    }

    @Test func replacementFailureIsForwarded() {
        let subscriber = TestSubscriber<Int, TestError>()
        Fail<Int, TestError>(error: .oops).catch { _ in Fail<Int, TestError>(error: .other) }.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .failure(0, .other)])
    }

    @Test func tryCatchCanThrow() {
        let subscriber = TestSubscriber<Int, Error>()
        Fail<Int, TestError>(error: .oops).tryCatch { error -> Just<Int> in throw TestError.other }.subscribe(subscriber)
        if case .failure(let error)? = subscriber.completion { #expect(error as? TestError == .other) } else { Issue.record("expected failure") }
        let recovering = TestSubscriber<Int, Error>(initialDemand: .max(1))
        Fail<Int, TestError>(error: .oops).tryCatch { _ in [5, 6].publisher }.subscribe(recovering)
        #expect(recovering.values == [5])
    }

    // Combine: the replacement is asked for the demand the failed upstream left, including what the
    // downstream requested while the replacement was being subscribed (OpenCombine CatchTests,
    // testRequestPendingPost: 3 requested, 1 used, 10 more requested during subscribe → .max(12)).
    @Test func requestsMadeWhileTheReplacementSubscribesAreAddedToItsDemand() {
        let upstream = ManualPublisher<Int, TestError>()
        let replacement = LateSubscriptionPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>()
        upstream.catch { _ in replacement }.subscribe(subscriber)
        subscriber.subscription?.request(.max(3))
        #expect(upstream.send(1) == .none)
        upstream.send(completion: .failure(.oops))
        subscriber.subscription?.request(.max(10))
        let second = RecordingSubscription()
        replacement.sendSubscription(second)
        #expect(second.events == [.requested(.max(12))])
        #expect(upstream.subscription.events == [.requested(.max(3))])
    }

    // Combine's catch returns the downstream's demand from receive(_:) while the upstream runs, and
    // passes requests straight to the replacement once it is subscribed.
    @Test func demandGoesStraightToTheReplacementOnceSubscribed() {
        let upstream = ManualPublisher<Int, TestError>()
        let second = RecordingSubscription()
        let replacement = ManualPublisher<Int, TestError>(subscription: second)
        let subscriber = ManualSubscriber<Int, TestError>(demandPerValue: .max(2))
        upstream.catch { _ in replacement }.subscribe(subscriber)
        subscriber.subscription?.request(.max(1))
        #expect(upstream.send(1) == .max(2))
        upstream.send(completion: .failure(.oops))
        #expect(second.events == [.requested(.max(2))])
        subscriber.subscription?.request(.max(4))
        #expect(replacement.send(2) == .max(2))
        #expect(second.events == [.requested(.max(2)), .requested(.max(4))])
        #expect(subscriber.values == [1, 2])
    }

    // Combine's catch stops on an upstream that sends more than it was asked for (OpenCombine CatchTests,
    // testCatchCrashesOnUnwantedInput).
    @Test func aValueBeyondDemandStopsWithAMessageNamingTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let upstream = ManualPublisher<Int, TestError>()
            upstream.catch { _ in Just(-1) }.subscribe(ManualSubscriber<Int, Never>())
            _ = upstream.send(42)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Catch received a value it had not requested"))
    }

    // Combine's catch stops on a second failure from its upstream, also one sent from within the handler
    // (OpenCombine CatchTests, testCatchUpstreamFailsTwice and testCatchRecursion).
    @Test func aSecondFailureFromTheUpstreamStops() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let upstream = ManualPublisher<Int, TestError>()
            upstream.catch { _ in Empty<Int, Never>(completeImmediately: false) }.subscribe(ManualSubscriber<Int, Never>())
            upstream.send(completion: .failure(.oops))
            upstream.send(completion: .failure(.oops))
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("send at most one completion"))
        await #expect(processExitsWith: .failure) {
            let upstream = ManualPublisher<Int, TestError>()
            upstream.tryCatch { _ -> Just<Int> in
                upstream.send(completion: .failure(.oops))
                return Just(13)
            }.subscribe(ManualSubscriber<Int, Error>())
            upstream.send(completion: .failure(.oops))
        }
    }

    // Combine: the replacement's subscriber shows itself as the operator ("Catch", "TryCatch") with the
    // mirror children downstream and demand, and shares the operator's combineIdentifier (OpenCombine
    // CatchTests, testCatchReflection).
    @Test func theReplacementsSubscriberShowsItselfAsTheOperator() throws {
        let makers: [(String, (Capture) -> AnyPublisher<Int, Error>)] = [
            ("Catch", { capture in Fail<Int, TestError>(error: .oops).catch { _ in capture }.mapError { $0 as Error }.eraseToAnyPublisher() }),
            ("TryCatch", { capture in Fail<Int, TestError>(error: .oops).tryCatch { _ in capture }.eraseToAnyPublisher() }),
        ]
        for (name, make) in makers {
            let capture = Capture()
            let subscriber = ManualSubscriber<Int, Error>()
            make(capture).subscribe(subscriber)
            let replacementSubscriber: Any = try #require(capture.subscriber)
            #expect((replacementSubscriber as? CustomStringConvertible)?.description == name)
            #expect((replacementSubscriber as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String == name)
            let children = (replacementSubscriber as? CustomReflectable)?.customMirror.children.map { ($0.label, "\($0.value)") } ?? []
            #expect(children.map(\.0) == ["downstream", "demand"])
            #expect(children.last?.1 == "max(0)")
            let inner = subscriber.subscription as? CustomStringConvertible
            #expect(inner?.description == name)
            #expect((replacementSubscriber as? CustomCombineIdentifierConvertible)?.combineIdentifier == subscriber.subscription?.combineIdentifier)
        }
    }

    // CombineKit: a cancel while the replacement's subscription is on its way stays; the subscription is
    // cancelled when it arrives and nothing reaches the downstream. Combine ignores that cancel and goes on
    // (a deliberate difference, MigrationGuide.md).
    @Test func aCancelBeforeTheReplacementsSubscriptionCancelsItWhenItArrives() {
        let upstream = ManualPublisher<Int, TestError>()
        let replacement = LateSubscriptionPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>()
        upstream.catch { _ in replacement }.subscribe(subscriber)
        subscriber.subscription?.request(.max(3))
        upstream.send(completion: .failure(.oops))
        subscriber.subscription?.cancel()
        let second = RecordingSubscription()
        replacement.sendSubscription(second)
        #expect(second.events == [.cancelled])
        replacement.subscriber?.receive(completion: .finished)
        #expect(subscriber.completions.isEmpty)
    }

    // Combine: after cancel() catch asks for nothing more and passes no completion, but a value the cancelled
    // upstream still sends within its demand reaches the downstream (OpenCombine CatchTests,
    // testCatchCancellationBeforeRecovering).
    @Test func aValueTheUpstreamSendsAfterCancelStillPasses() {
        func check<P: Publisher>(_ make: (ManualPublisher<Int, TestError>) -> P) where P.Output == Int {
            let upstream = ManualPublisher<Int, TestError>()
            let subscriber = ManualSubscriber<Int, P.Failure>(demandPerValue: .max(3))
            make(upstream).subscribe(subscriber)
            subscriber.subscription?.request(.max(1))
            subscriber.subscription?.cancel()
            subscriber.subscription?.request(.max(5))
            #expect(upstream.send(1) == .max(3))
            upstream.send(completion: .failure(.oops))
            #expect(subscriber.values == [1])
            #expect(subscriber.completions.isEmpty)
            #expect(upstream.subscription.events == [.requested(.max(1)), .cancelled])
        }
        check { $0.catch { _ in Empty<Int, TestError>() } }
        check { $0.tryCatch { _ in Empty<Int, TestError>() } }
    }

    // Combine: after cancel() the replacement's values still pass, its completion does not, and a second
    // subscription from it is cancelled (OpenCombine CatchTests, testCatchCancellationAfterRecovering).
    @Test func aValueTheReplacementSendsAfterCancelStillPasses() {
        let upstream = ManualPublisher<Int, TestError>()
        let replacement = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>(demandPerValue: .max(3))
        upstream.catch { _ in replacement }.subscribe(subscriber)
        subscriber.subscription?.request(.max(2))
        upstream.send(completion: .failure(.oops))
        subscriber.subscription?.cancel()
        #expect(replacement.send(1) == .max(3))
        replacement.send(completion: .finished)
        #expect(subscriber.values == [1])
        #expect(subscriber.completions.isEmpty)
        #expect(replacement.subscription.events == [.requested(.max(2)), .cancelled])
        let extra = RecordingSubscription()
        replacement.subscriber?.receive(subscription: extra)
        #expect(extra.events == [.cancelled])
    }

    // CombineKit: a value beyond the demand after cancel() is dropped, not delivered (Combine would pass it
    // on, beyond the downstream's demand).
    @Test func aValueBeyondTheDemandAfterCancelIsDropped() {
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, TestError>()
        upstream.catch { _ in Empty<Int, TestError>() }.subscribe(subscriber)
        subscriber.subscription?.request(.max(1))
        subscriber.subscription?.cancel()
        #expect(upstream.send(1) == .none)
        #expect(upstream.send(2) == .none)
        #expect(subscriber.values == [1])
    }

    // CombineKit: values an upstream sends after the handler threw are dropped; Combine passes them on after
    // the failure (a deliberate difference, MigrationGuide.md; OpenCombine CatchTests, testTryCatchHandlerThrows).
    @Test func eventsAfterTheEndAreDropped() {
        let throwing = ManualPublisher<Int, TestError>()
        let failed = ManualSubscriber<Int, Error>()
        throwing.tryCatch { _ -> Just<Int> in throw TestError.other }.subscribe(failed)
        failed.subscription?.request(.unlimited)
        throwing.send(completion: .failure(.oops))
        #expect(throwing.send(-1) == .none)
        throwing.send(completion: .failure(.oops))
        #expect(failed.values.isEmpty)
        #expect(failed.completions.count == 1)
        #expect(throwing.subscription.events == [.requested(.unlimited)])
    }
}

/// A publisher that keeps the last subscriber it was given and sends it nothing.
private final class Capture: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = TestError
    private(set) var subscriber: Any?
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
        self.subscriber = subscriber
    }
}
