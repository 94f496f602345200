import Foundation
import RxKit
import RxKitTest

/// A test error whose description identifies it (RxKitTest compares errors by description on Linux).
struct TestError: Error, Equatable, CustomStringConvertible {
    let id: Int
    init(_ id: Int = 0) { self.id = id }
    var description: String { "TestError(\(id))" }
}

let testError = TestError(1)
let otherError = TestError(2)

/// How many RxKit resources `body` created that are still alive afterwards (0: no leak).
/// Scoped to this test's task, so tests running in parallel do not disturb it.
func resourceDelta(_ body: () -> Void) -> Int32 {
    Resources.measure(body)
}
