// `@testable`: `Hooks.scopedErrorHandler` is internal to RxKit.
@testable import RxKit

/// Runs `body` with RxKit's unhandled errors going to a recorder scoped to this task, not to the
/// process-wide `Hooks.defaultErrorHandler` (tests running in parallel would swap that one under each
/// other); returns what was reported, with each subscription's recorded call stack.
func recordingUnhandledErrors(_ body: () throws -> Void) rethrows -> [(callStack: [String], error: Error)] {
    var reported: [(callStack: [String], error: Error)] = []
    let recorder = Hooks.ScopedErrorHandler { callStack, error in reported.append((callStack, error)) }
    try Hooks.$scopedErrorHandler.withValue(recorder) { try body() }
    return reported
}
