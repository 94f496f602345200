import Foundation

/// A small lock used by the test-support types (their methods may be called from any thread).
internal final class TestLock: @unchecked Sendable {
    private let mutex = NSLock()

    @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        mutex.lock()
        defer { mutex.unlock() }
        return try body()
    }
}
