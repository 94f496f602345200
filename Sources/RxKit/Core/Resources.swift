import ReactiveBridgePrimitives

/// RxKit's resource counter, RxSwift's `Resources.total` idea: in debug builds every observable, sink,
/// subject and disposable RxKit allocates adds one, and subtracts one when it is released. Release
/// builds do not count (`isTracking` is `false` and `total` stays 0).
///
/// `total` is process-wide, so tests running in parallel disturb each other's readings. Use
/// `Resources.measure { … }` instead: it counts only the resources allocated inside its body (on the
/// calling task) that are still alive when it returns.
public enum Resources {
    private static let lock = Lock()
    nonisolated(unsafe) private static var count: Int32 = 0

    @TaskLocal static var currentScope: ResourceScope?

    /// Whether this build counts resources (debug builds only).
    public static var isTracking: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

    /// The number of live RxKit resources in the process.
    public static var total: Int32 {
        lock.withLock { count }
    }

    /// Counts one more resource; returns the new total.
    @discardableResult
    public static func incrementTotal() -> Int32 {
        lock.withLock {
            count += 1
            return count
        }
    }

    /// Counts one fewer resource; returns the new total.
    @discardableResult
    public static func decrementTotal() -> Int32 {
        lock.withLock {
            count -= 1
            return count
        }
    }

    /// Runs `body` and returns how many RxKit resources it allocated that are still alive afterwards
    /// (0 means everything it created was released). Allocations made on other threads during `body`
    /// (e.g. on a dispatch queue) are not attributed to it. Always 0 in release builds.
    public static func measure(_ body: () throws -> Void) rethrows -> Int32 {
        let scope = ResourceScope()
        try $currentScope.withValue(scope) { try body() }
        return scope.live
    }

    /// Async variant of `measure(_:)`, for bodies that await.
    public static func measure(_ body: () async throws -> Void) async rethrows -> Int32 {
        let scope = ResourceScope()
        try await $currentScope.withValue(scope) { try await body() }
        return scope.live
    }
}

/// The resources allocated inside one `Resources.measure` call.
final class ResourceScope: @unchecked Sendable {
    private let lock = Lock()
    private var count: Int32 = 0

    var live: Int32 { lock.withLock { count } }

    func increment() { lock.withLock { count += 1 } }
    func decrement() { lock.withLock { count -= 1 } }
}

/// Stored in every tracked RxKit object: counts it in `Resources` while it lives (debug builds).
struct ResourceTracking: ~Copyable {
    #if DEBUG
    private let scope: ResourceScope?

    init() {
        scope = Resources.currentScope
        Resources.incrementTotal()
        scope?.increment()
    }

    deinit {
        Resources.decrementTotal()
        scope?.decrement()
    }
    #else
    init() {}
    #endif
}
