import CombineKit
import Foundation
import Testing

@Suite struct TimerPublisherTests {
    // Real run-loop time: the run loop is spun until the first tick arrives (bounded at 30 s as a hang guard).
    @Test func autoconnectTicksOnTheRunLoop() {
        var ticks: [Date] = []
        let cancellable = Timer.publish(every: 0.01, on: .current, in: .default).autoconnect().sink { ticks.append($0) }
        let deadline = Date().addingTimeInterval(30)  // a hang guard only, not a timing assertion
        while ticks.count < 2, Date() < deadline {
            RunLoop.current.run(until: Date().addingTimeInterval(0.01))
        }
        #expect(ticks.count >= 2)
        cancellable.cancel()
    }
}
