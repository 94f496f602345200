import CombineKit
import CombineKitTest
import Testing

@Suite struct PrintTests {
    final class Log: TextOutputStream, @unchecked Sendable {
        var lines: [String] = []
        func write(_ string: String) {
            lines.append(contentsOf: string.split(separator: "\n").map(String.init))
        }
    }

    // Apple's print format: "prefix: receive subscription: (…)", "request unlimited", "receive value: (1)", "receive finished".
    @Test func logsEventsWithPrefix() {
        let log = Log()
        let subscriber = TestSubscriber<Int, Never>()
        Just(1).print("p", to: log).subscribe(subscriber)
        #expect(log.lines == ["p: receive subscription: (Just)", "p: request unlimited", "p: receive value: (1)", "p: receive finished"])
    }

    @Test func logsLimitedDemandErrorAndCancel() {
        let log = Log()
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .max(2))
        subject.print(to: log).subscribe(subscriber)
        subscriber.cancel()
        let failing = TestSubscriber<Int, TestError>()
        Fail<Int, TestError>(error: .oops).print(to: log).subscribe(failing)
        #expect(log.lines == ["receive subscription: (PassthroughSubject)", "request max: (2)", "receive cancel",
                              "receive subscription: (Empty)", "request unlimited", "receive error: (oops)"])
    }

    /// Records each `write` as it comes.
    final class Writes: TextOutputStream, @unchecked Sendable {
        var all: [String] = []
        func write(_ string: String) { all.append(string) }
    }

    // Combine writes each message as `Swift.print(_:to:)` does: an empty string, the message, the terminator
    // (OpenCombine PrintTests.testPrintWithPrefix).
    @Test func writesEachMessageAsPrintDoes() {
        let writes = Writes()
        _ = Just(1).print("p", to: writes).sink { _ in }
        #expect(writes.all.prefix(3) == ["", "p: receive subscription: (Just)", "\n"])
    }

    // Combine's print passes on what an ill-behaved upstream sends (values before the subscription and after
    // the completion, a second completion), logging each, and cancels a second subscription (OpenCombine
    // PrintTests.testPrintWithoutPrefix, testReceiveSubscriptionTwice, testPrintReceiveValueBeforeSubscription).
    @Test func isTransparentToAnIllBehavedUpstream() {
        let log = Log()
        let upstream = LateSubscriptionPublisher<Int, TestError>()
        let downstream = ManualSubscriber<Int, TestError>(demandPerValue: .max(2))
        upstream.print(to: log).subscribe(downstream)
        #expect(upstream.subscriber?.receive(0) == .max(2))
        let first = RecordingSubscription()
        let second = RecordingSubscription()
        upstream.sendSubscription(first)
        upstream.sendSubscription(second)
        #expect(first.events.isEmpty)
        #expect(second.events == [.cancelled])
        upstream.subscriber?.receive(completion: .finished)
        upstream.subscriber?.receive(completion: .failure(.oops))
        #expect(upstream.subscriber?.receive(1) == .max(2))
        #expect(downstream.values == [0, 1])
        #expect(downstream.completions == [.finished, .failure(.oops)])
        let described = "receive subscription: (\(first))"
        #expect(log.lines == ["receive value: (0)", "request max: (2) (synchronous)", described, described,
                              "receive finished", "receive error: (oops)",
                              "receive value: (1)", "request max: (2) (synchronous)"])
    }

    // Combine: a cancel before the subscription is logged and changes nothing; the subscription arriving later
    // is passed on. After a cancel, requests are logged and go nowhere (OpenCombine PrintTests).
    @Test func cancelBeforeTheSubscriptionIsOnlyLogged() throws {
        let log = Log()
        let upstream = LateSubscriptionPublisher<Int, TestError>()
        let downstream = ManualSubscriber<Int, TestError>()
        upstream.print(to: log).subscribe(downstream)
        let inner = try #require(upstream.inner)
        inner.cancel()
        let subscription = RecordingSubscription()
        upstream.sendSubscription(subscription)
        #expect(subscription.events.isEmpty)
        #expect(downstream.subscription != nil)
        inner.cancel()
        inner.request(.max(1))
        #expect(subscription.events == [.cancelled])
        #expect(log.lines == ["receive cancel", "receive subscription: (\(subscription))", "receive cancel", "request max: (1)"])
    }
}
