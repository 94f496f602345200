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

    // Combine's reducing subscriptions reflect downstream, result, initial and status, and describe themselves
    // by operator; first(where:)'s is "TryFirst" (OpenCombine FirstTests, ReduceTests, ... "Reflection").
    @Test func reducersShowTheirResultInitialValueAndStatus() {
        let subject = Silent<Int, Error>()
        let reducers: [(String, Subscription?)] = [
            ("Reduce", subscription(of: subject.reduce(0, +))), ("TryReduce", subscription(of: subject.tryReduce(0, +))),
            ("Count", subscription(of: subject.count())), ("First", subscription(of: subject.first())),
            ("TryFirst", subscription(of: subject.first { $0 > 2 })), ("TryFirstWhere", subscription(of: subject.tryFirst { $0 > 2 })),
            ("Last", subscription(of: subject.last())), ("LastWhere", subscription(of: subject.last { $0 > 2 })),
            ("TryLastWhere", subscription(of: subject.tryLast { $0 > 2 })), ("Contains", subscription(of: subject.contains(1))),
            ("ContainsWhere", subscription(of: subject.contains { $0 > 2 })),
            ("TryContainsWhere", subscription(of: subject.tryContains { $0 > 2 })),
            ("AllSatisfy", subscription(of: subject.allSatisfy { $0 > 2 })),
            ("TryAllSatisfy", subscription(of: subject.tryAllSatisfy { $0 > 2 })),
            ("Comparison", subscription(of: subject.max())), ("TryComparison", subscription(of: subject.tryMin { $0 < $1 })),
        ]
        for (name, inner) in reducers {
            #expect((inner as? CustomStringConvertible)?.description == name)
            #expect(playground(inner) == name)
            #expect(labels(inner) == ["downstream", "result", "initial", "status"], "\(name)")
            #expect(inner.map { $0 is CustomDebugStringConvertible } == false, "\(name)")
        }
        #expect(child("initial", of: subscription(of: subject.reduce(7, +)))?.contains("7") == true)
    }

    // Combine's collect() reflects only how many elements it has collected (OpenCombine CollectTests).
    @Test func collectShowsHowManyElementsItHolds() {
        let upstream = ManualPublisher<Int, Never>()
        let subscriber = ManualSubscriber<[Int], Never>()
        upstream.collect().subscribe(subscriber)
        #expect(labels(subscriber.subscription) == ["count"])
        #expect(child("count", of: subscriber.subscription) == "0")
        _ = upstream.send(1)
        _ = upstream.send(2)
        #expect(child("count", of: subscriber.subscription) == "2")
        #expect(playground(subscriber.subscription) == "Collect")
    }

    @Test func encodeShowsWhetherItFinished() {
        let inner = subscription(of: Silent<Int, Never>().encode(encoder: JSONEncoder()))
        #expect(labels(inner) == ["downstream", "finished", "upstreamSubscription"])
        #expect(child("finished", of: inner) == "false")
    }

    // OpenCombine's BufferTests.testBufferReflection: values, state, downstreamDemand, terminal.
    @Test func bufferShowsItsElementsStateDemandAndTerminal() {
        let inner = subscription(of: Silent<Int, TestError>().buffer(size: 13, prefetch: .keepFull, whenFull: .dropNewest))
        #expect(labels(inner) == ["values", "state", "downstreamDemand", "terminal"])
        #expect(child("values", of: inner) == "[]")
        #expect(child("downstreamDemand", of: inner) == "max(0)")
        #expect(child("terminal", of: inner) == "nil")
        #expect(playground(inner) == "Buffer")
    }

    // OpenCombine's RemoveDuplicatesTests.testRemoveDuplicatesReflection and testTryRemoveDuplicatesReflection.
    @Test func removeDuplicatesShowsItsDownstreamAndPreviousElement() {
        let subject = Silent<Int, TestError>()
        for (name, inner) in [("RemoveDuplicates", subscription(of: subject.removeDuplicates())),
                              ("TryRemoveDuplicates", subscription(of: subject.tryRemoveDuplicates { $0 == $1 }))] {
            #expect(labels(inner) == ["downstream", "last"], "\(name)")
            #expect(child("last", of: inner) == "nil", "\(name)")
            #expect(playground(inner) == name)
        }
    }

    // OpenCombine's MapKeyPathTests.testMapKeyPathReflection: ValueForKey shows keyPath, ValueForKeys keyPath0….
    @Test func keyPathMapsShowTheirKeyPaths() {
        let one = upstreamSubscriber { $0.map(\.bitWidth) }
        #expect((one as? CustomStringConvertible)?.description == "ValueForKey")
        #expect(labels(one) == ["keyPath"])
        let keyPath: KeyPath<Int, Int> = \.bitWidth
        #expect(child("keyPath", of: one) == String(describing: keyPath))
        let two = upstreamSubscriber { $0.map(\.bitWidth, \.words.count) }
        #expect(playground(two) == "ValueForKeys")
        #expect(labels(two) == ["keyPath0", "keyPath1"])
        #expect(labels(upstreamSubscriber { $0.map(\.bitWidth, \.words.count, \.description) }) == ["keyPath0", "keyPath1", "keyPath2"])
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
