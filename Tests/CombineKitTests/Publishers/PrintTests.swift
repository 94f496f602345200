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
}
