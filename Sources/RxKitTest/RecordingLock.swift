import Foundation

/// Guards a recording helper's storage: observers may be called from any thread.
final class RecordingLock: @unchecked Sendable {
    private let mutex = NSLock()

    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        mutex.lock()
        defer { mutex.unlock() }
        return try body()
    }
}
