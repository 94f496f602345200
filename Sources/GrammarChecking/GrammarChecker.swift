#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ReactiveBridgePrimitives
import Testing

/// One broken rule of the event grammar, seen by a recording test helper.
///
/// The grammar both frameworks document: `next* (error | completed)?` (RxSwift's "Observable contract")
/// and `subscription value* (finished | failure)?` with at most the demanded number of values (Combine's
/// `Subscriber` documentation). Both also promise that one observer/subscriber is never called
/// concurrently (ReactiveX's "Observables must issue notifications to observers serially").
public struct GrammarViolation: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A value (`next`) arrived after a terminal event.
        case valueAfterTerminal
        /// A second terminal event arrived.
        case secondTerminal
        /// A value arrived while the subscriber had no outstanding demand (Combine only).
        case valueBeyondDemand
        /// A call arrived from one thread while another thread was still inside a call to the same
        /// observer/subscriber.
        case overlappingDelivery
        /// A value or completion arrived before `receive(subscription:)` (Combine only).
        case eventBeforeSubscription
        /// `receive(subscription:)` was called a second time (Combine only).
        case secondSubscription
    }

    /// What went wrong.
    public let kind: Kind
    /// The helper that saw it (e.g. "TestableObserver", "TestSubscriber").
    public let recorder: String
    /// The offending event, as text.
    public let event: String

    public init(kind: Kind, recorder: String, event: String) {
        self.kind = kind
        self.recorder = recorder
        self.event = event
    }

    public var description: String {
        let rule: String
        switch kind {
        case .valueAfterTerminal: rule = "a value arrived after the terminal event"
        case .secondTerminal: rule = "a second terminal event arrived"
        case .valueBeyondDemand: rule = "a value arrived without outstanding demand"
        case .overlappingDelivery: rule = "the call overlapped a call in progress on another thread"
        case .eventBeforeSubscription: rule = "an event arrived before the subscription"
        case .secondSubscription: rule = "a second subscription arrived"
        }
        return "Grammar violation in \(recorder): \(rule) (\(event))"
    }
}

/// Checks the event grammar for one recording observer/subscriber, records every violation, and reports
/// each one through `GrammarChecker.reporter` (a Swift Testing issue by default) unless the test
/// relaxed that kind with `allow(_:reason:)`.
///
/// Every recording helper (RxKitTest's `TestableObserver`, CombineKitTest's `TestSubscriber`) wraps each
/// incoming call in `enter(_:event:)` … `leave(_:)`. A call made re-entrantly from inside another call on
/// the same thread (a subject sending from its own observer) is nesting, which both frameworks allow;
/// a call from a different thread while one is in progress is an overlap.
public final class GrammarChecker: @unchecked Sendable {
    /// What kind of call is entering.
    public enum Call: Sendable {
        case subscription
        case value
        case terminal
    }

    /// A handle returned by `enter`, given back to `leave`.
    public struct Entry: Sendable {
        fileprivate let thread: pthread_t
    }

    private static let reporterLock = Lock()
    nonisolated(unsafe) private static var reporterStorage: @Sendable (GrammarViolation) -> Void = GrammarChecker.recordTestingIssue

    /// Where violations go (besides `violations`). The default records a Swift Testing issue, which fails
    /// the running test (or the run, when the violation happens on a thread outside any test). XCTest
    /// suites set `GrammarChecker.reporter = { XCTFail($0.description) }` once, e.g. in `setUp`.
    public static var reporter: @Sendable (GrammarViolation) -> Void {
        get { reporterLock.withLock { reporterStorage } }
        set { reporterLock.withLock { reporterStorage = newValue } }
    }

    /// The default reporter: a Swift Testing issue.
    public static let recordTestingIssue: @Sendable (GrammarViolation) -> Void = { violation in
        Issue.record(Comment(rawValue: violation.description))
    }

    private let lock = Lock()
    private let recorder: String
    private let checksSubscription: Bool
    private var terminated = false
    private var subscribed = false
    private var active: [(thread: pthread_t, depth: Int, call: Call)] = []
    private var recorded: [GrammarViolation] = []
    private var allowed: [GrammarViolation.Kind: String] = [:]

    /// - Parameters:
    ///   - recorder: the helper's name, used in messages.
    ///   - checksSubscription: whether events must follow a subscription (Combine's protocol).
    public init(recorder: String, checksSubscription: Bool) {
        self.recorder = recorder
        self.checksSubscription = checksSubscription
    }

    /// Every violation seen so far, allowed or not.
    public var violations: [GrammarViolation] { lock.withLock { recorded } }

    /// Stops reporting violations of `kind` (they are still listed in `violations`). For tests that
    /// deliberately break the grammar, e.g. by calling an observer by hand; `reason` documents why.
    public func allow(_ kind: GrammarViolation.Kind, reason: String) {
        lock.withLock { allowed[kind] = reason }
    }

    /// Call at the start of each incoming call; pass the result to `leave` when the call returns.
    public func enter(_ call: Call, event: @autoclosure () -> String) -> Entry {
        let me = pthread_self()
        var found: [GrammarViolation.Kind] = []
        var overlapped: Call?
        lock.lock()
        if let other = active.first(where: { pthread_equal($0.thread, me) == 0 }) {
            found.append(.overlappingDelivery)
            overlapped = other.call
        }
        if let index = active.firstIndex(where: { pthread_equal($0.thread, me) != 0 }) {
            active[index].depth += 1
        } else {
            active.append((me, 1, call))
        }
        switch call {
        case .subscription:
            if subscribed { found.append(.secondSubscription) }
            subscribed = true
        case .value:
            if checksSubscription && !subscribed { found.append(.eventBeforeSubscription) }
            if terminated { found.append(.valueAfterTerminal) }
        case .terminal:
            if checksSubscription && !subscribed { found.append(.eventBeforeSubscription) }
            if terminated { found.append(.secondTerminal) }
            terminated = true
        }
        lock.unlock()
        if !found.isEmpty {
            let text = event()
            for kind in found {
                if kind == .overlappingDelivery, let overlapped {
                    note(kind, event: "\(text), while another thread was inside its \(overlapped) call")
                } else {
                    note(kind, event: text)
                }
            }
        }
        return Entry(thread: me)
    }

    /// Call when the call that returned `entry` ends.
    public func leave(_ entry: Entry) {
        lock.withLock {
            if let index = active.firstIndex(where: { pthread_equal($0.thread, entry.thread) != 0 }) {
                active[index].depth -= 1
                if active[index].depth == 0 { active.remove(at: index) }
            }
        }
    }

    /// Records a violation the helper found itself (e.g. a value beyond demand, which only the
    /// subscriber's demand bookkeeping can see).
    public func note(_ kind: GrammarViolation.Kind, event: String) {
        let violation = GrammarViolation(kind: kind, recorder: recorder, event: event)
        let report: Bool = lock.withLock {
            recorded.append(violation)
            return allowed[kind] == nil
        }
        if report { GrammarChecker.reporter(violation) }
    }
}
