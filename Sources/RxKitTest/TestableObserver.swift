import GrammarChecking
import RxKit
import ReactiveBridgePrimitives

/// An observer that records every event with the virtual time it arrived.
/// Same as RxTest's `TestableObserver`, plus a grammar check: a `next` after a terminal event, a second
/// terminal event, or a call overlapping a call in progress on another thread is recorded in
/// `grammarViolations` and reported as a test failure (see `GrammarChecker.reporter`).
public final class TestableObserver<Element>: ObserverType, @unchecked Sendable {
    /// The scheduler whose clock stamps the events.
    public let scheduler: TestScheduler
    private let lock = Lock()
    private var recorded: [Recorded<Event<Element>>] = []
    private let grammar = GrammarChecker(recorder: "TestableObserver", checksSubscription: false)

    /// The recorded events, in arrival order.
    public var events: [Recorded<Event<Element>>] { lock.withLock { recorded } }

    /// Every grammar violation this observer saw (including the ones `allowGrammarViolation` relaxed).
    public var grammarViolations: [GrammarViolation] { grammar.violations }

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    /// Stops failing the test for violations of `kind` (they are still listed in `grammarViolations`);
    /// for tests that break the grammar on purpose. `reason` says why.
    public func allowGrammarViolation(_ kind: GrammarViolation.Kind, reason: String) {
        grammar.allow(kind, reason: reason)
    }

    public func on(_ event: Event<Element>) {
        let entry = grammar.enter(event.isStopEvent ? .terminal : .value, event: "\(event) at \(scheduler.clock)")
        defer { grammar.leave(entry) }
        let time = scheduler.clock
        lock.withLock { recorded.append(Recorded(time: time, value: event)) }
    }
}
