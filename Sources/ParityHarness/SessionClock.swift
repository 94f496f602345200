import Foundation
import RxKit

/// A virtual clock for a scripted session: milliseconds elapsed on an RxKit scheduler since the clock
/// was made. Make it before the session starts; views stamp what they display with `now()`.
///
/// Works with any RxKit `SchedulerType`; the samples use a `HistoricalScheduler` in the demo and
/// RxKitTest's `TestScheduler` in tests (Combine-style code sees the same clock through
/// `asCombineScheduler()`).
public struct SessionClock: Sendable {
    private let origin: Date
    private let currentDate: @Sendable () -> Date

    /// A clock reading `scheduler.now`, starting at zero now.
    public init(_ scheduler: some SchedulerType & Sendable) {
        origin = scheduler.now
        currentDate = { scheduler.now }
    }

    /// Milliseconds since the clock was made, rounded to the nearest millisecond.
    public func now() -> Int {
        Int((currentDate().timeIntervalSince(origin) * 1000).rounded())
    }
}
