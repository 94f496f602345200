import CombineKit
import Foundation
import Testing

/// Combine's subscriptions describe themselves by operator name (in `print()`, debuggers and playgrounds) and
/// reflect their state as mirror children; these are the names and labels Combine uses (as OpenCombine's
/// reflection tests record them against Combine).
@Suite struct OperatorReflectionTests {
    private func subscription<P: Publisher>(of publisher: P) -> Subscription? {
        let subscriber = ManualSubscriber<P.Output, P.Failure>()
        publisher.subscribe(subscriber)
        return subscriber.subscription
    }

    /// The subscriber the operator gave its upstream. Combine's filter, compactMap, mapError, ignoreOutput
    /// and scan hand the upstream's subscription straight to the downstream, so their inner is seen (and
    /// described) only as the upstream's subscriber (OpenCombine's reflection tests:
    /// `subscriberIsAlsoSubscription: false`).
    private func upstreamSubscriber<P: Publisher>(of make: (Capturing<Int, TestError>) -> P) -> Any? {
        let upstream = Capturing<Int, TestError>()
        make(upstream).subscribe(ManualSubscriber<P.Output, P.Failure>())
        return upstream.subscriber
    }

    private func labels(_ subject: Any?) -> [String?] {
        guard let subject else { return ["no subscription"] }
        return (subject as? CustomReflectable)?.customMirror.children.map(\.label) ?? ["not reflectable"]
    }

    private func child(_ label: String, of subject: Any?) -> String? {
        guard let subject else { return nil }
        return (subject as? CustomReflectable)?.customMirror.children.first { $0.label == label }.map { String(describing: $0.value) }
    }

    private func playground(_ subject: Any?) -> String? {
        guard let subject else { return nil }
        return (subject as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String
    }

    @Test func scanShowsItsResultAndTryScanAlsoItsStatus() {
        let subject = Silent<Int, Never>()
        let scan = upstreamSubscriber { $0.scan(0, +) }
        #expect((scan as? CustomStringConvertible)?.description == "Scan")
        #expect(playground(scan) == "Scan")
        #expect(labels(scan) == ["downstream", "result"])
        #expect(child("result", of: scan) == "0")
        let tryScan = subscription(of: subject.tryScan(0, +))
        #expect(playground(tryScan) == "TryScan")
        #expect(labels(tryScan) == ["downstream", "status", "result"])
    }

    @Test func elementwiseOperatorsShowNoChildren() {
        let subject = Silent<Int, TestError>()
        for (name, inner) in [("Drop", subscription(of: subject.dropFirst(2))), ("MapError", upstreamSubscriber { $0.mapError { $0 } }),
                              ("Filter", upstreamSubscriber { $0.filter { _ in true } }),
                              ("CompactMap", upstreamSubscriber { $0.compactMap { $0 } }),
                              ("IgnoreOutput", upstreamSubscriber { $0.ignoreOutput() })] {
            #expect(playground(inner) == name)
            #expect(labels(inner) == [], "\(name)")
        }
        #expect(labels(subscription(of: subject.tryFilter { _ in true })) == ["downstream"])
    }

    // Combine's assertNoFailure hands the upstream's subscription on: its inner is seen as the upstream's
    // subscriber (OpenCombine AssertNoFailureTests: `subscriberIsAlsoSubscription: false`).
    @Test func assertNoFailureShowsWhereItWasWritten() {
        let inner = upstreamSubscriber { $0.assertNoFailure("PREFIX", file: "Feature.swift", line: 12) }
        #expect(inner != nil && !(inner is any Subscription))
        #expect((inner as? CustomStringConvertible)?.description == "AssertNoFailure")
        #expect(labels(inner) == ["file", "line", "prefix"])
        #expect(child("file", of: inner) == "Feature.swift")
        #expect(child("line", of: inner) == "12")
        #expect(playground(inner) == "AssertNoFailure")
    }

    @Test func debounceAndCollectByCountShowTheirState() {
        let subject = Silent<Int, Never>()
        let debounce = subscription(of: subject.debounce(for: .seconds(1), scheduler: DispatchQueue.main))
        #expect(labels(debounce) == ["downstream", "downstreamDemand", "currentValue"])
        #expect(child("currentValue", of: debounce) == "nil")
        let collect = subscription(of: subject.collect(3))
        #expect(labels(collect) == ["downstream", "upstreamSubscription", "buffer", "count"])
        #expect(child("count", of: collect) == "3")
    }

    @Test func encodeShowsWhetherItFinished() {
        let inner = subscription(of: Silent<Int, Never>().encode(encoder: JSONEncoder()))
        #expect(labels(inner) == ["downstream", "finished", "upstreamSubscription"])
        #expect(child("finished", of: inner) == "false")
    }

    @Test func emptySubscriptionAndSingleValueSubscriptions() throws {
        #expect(playground(Subscriptions.empty) == "Empty")
        #expect(labels(Subscriptions.empty) == [])
        let just = try #require(subscription(of: Just(42)))
        let children = (just as? CustomReflectable)?.customMirror.children.map { ($0.label, $0.value as? Int) }
        #expect(children?.count == 1)
        #expect(children?.first?.0 == nil)
        #expect(children?.first?.1 == 42)
        var dumped = ""
        dump(just, to: &dumped)
        #expect(dumped == "▿ Just #0\n  - 42\n")
    }

    @Test func subjectAndFutureConduitsShowTheirParentTwice() {
        let passthrough = subscription(of: PassthroughSubject<Int, Never>())
        #expect(labels(passthrough) == ["parent", "downstream", "demand", "subject"])
        #expect(child("subject", of: passthrough)?.contains("PassthroughSubject") == true)
        let future = subscription(of: Future<Int, Never> { _ in })
        #expect(labels(future) == ["parent", "downstream", "hasAnyDemand", "subject"])
        #expect(child("hasAnyDemand", of: future) == "false")
    }
}

/// An upstream that only hands over the empty subscription (no subject or sequence the operators could fuse with).
/// A publisher that keeps the subscriber it was given and gives it an empty subscription.
private final class Capturing<Output, Failure: Error>: Publisher {
    var subscriber: Any?
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        self.subscriber = subscriber
        subscriber.receive(subscription: Subscriptions.empty)
    }
}

private struct Silent<Output, Failure: Error>: Publisher {
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: Subscriptions.empty)
    }
}
