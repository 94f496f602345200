import CombineKit
import CombineKitTest
import CombineKitExt
import Testing

/// An equatable error for failure tests.
enum TestError: Error, Equatable {
    case oops
    case other
}

typealias IntPublisher = TestPublisher<Int, TestError>
typealias IntSubscriber = TestSubscriber<Int, TestError>

extension CombineTestScheduler {
    /// Runs `action` at virtual time `ticks`.
    func at(_ ticks: Int, _ action: @escaping () -> Void) {
        schedule(after: time(ticks), action)
    }
}

/// Records the order in which things happen inside a test.
final class EventLog: @unchecked Sendable {
    private(set) var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
}

/// Counts how often a notification-style token was invalidated.
final class Token: @unchecked Sendable {
    var invalidations = 0
    func invalidate() { invalidations += 1 }
}
