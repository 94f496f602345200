import CombineKit
import CombineKitTest
import Testing

@Suite struct ReplaceErrorTests {
    // Combine: once the upstream failed without demand, replaceError ignores what the upstream sends after
    // it and publishes the replacement, then finishes, on the next request (OpenCombine ReplaceErrorTests,
    // testSendingErrorWithNoDemandThenFinish).
    @Test func eventsAfterAFailureWithoutDemandAreIgnored() {
        let upstream = ManualPublisher<Int, TestError>()
        let subscriber = ManualSubscriber<Int, Never>()
        upstream.replaceError(with: 42).subscribe(subscriber)
        upstream.send(completion: .failure(.oops))
        upstream.send(completion: .finished)
        #expect(upstream.send(7) == .none)
        #expect(subscriber.values.isEmpty && subscriber.completions.isEmpty)
        subscriber.subscription?.request(.max(1))
        #expect(subscriber.values == [42])
        #expect(subscriber.completions == [.finished])
    }

    // Combine's replaceError stops on an upstream that sends more than it was asked for (OpenCombine
    // ReplaceErrorTests, testCrashOnReceiveValueWithZeroPendingDemand).
    @Test func aValueBeyondDemandStopsWithAMessageNamingTheFix() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let upstream = ManualPublisher<Int, TestError>()
            upstream.replaceError(with: 0).subscribe(ManualSubscriber<Int, Never>())
            _ = upstream.send(1)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("ReplaceError received a value it had not requested"))
    }

    // Combine: replaceError ignores a cancel before its upstream subscription arrived and accepts that
    // subscription when it comes (OpenCombine ReplaceErrorTests, testReplaceErrorCancelBeforeSubscription); a
    // cancel from the downstream, which holds the subscription, cancels the upstream and lets it go.
    @Test func aCancelBeforeTheSubscriptionIsIgnored() throws {
        try expectCancelIgnoredOnlyBeforeTheSubscription { $0.replaceError(with: 0) }
    }
}
