import RxKit

/// An observer that records every event with the virtual time it arrived.
/// Same as RxTest's `TestableObserver`.
public final class TestableObserver<Element>: ObserverType, @unchecked Sendable {
    /// The scheduler whose clock stamps the events.
    public let scheduler: TestScheduler
    /// The recorded events, in arrival order.
    public private(set) var events: [Recorded<Event<Element>>] = []

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    public func on(_ event: Event<Element>) {
        events.append(Recorded(time: scheduler.clock, value: event))
    }
}
