import Foundation
import ReactiveBridgePrimitives

/// Global hooks, as in RxSwift.
public enum Hooks {
    /// Called with the subscription's call stack (if captured) and an error nobody handled.
    public typealias DefaultErrorHandler = (_ subscriptionCallStack: [String], _ error: Error) -> Void
    /// Returns the call stack to remember for a subscription (used by `defaultErrorHandler`).
    public typealias CustomCaptureSubscriptionCallstack = () -> [String]

    private static let lock = Lock()
    nonisolated(unsafe) private static var errorHandler: DefaultErrorHandler = { subscriptionCallStack, error in
        #if DEBUG
        print("Unhandled error happened: \(error)")
        if !subscriptionCallStack.isEmpty {
            print(" subscription called from:\n\(subscriptionCallStack.joined(separator: "\n"))")
        }
        #endif
    }
    nonisolated(unsafe) private static var captureCallstack: CustomCaptureSubscriptionCallstack = {
        #if DEBUG
        if recordCallStackOnError { return Thread.callStackSymbols }
        #endif
        return []
    }
    /// 1 when call stacks are recorded. An atomic word, not the lock: every `subscribe(onNext:…)` reads it.
    private static let recordStack = AtomicWord()

    /// Handles errors that reach a subscription without an `onError` handler (and binding errors).
    /// RxKit never crashes on an unhandled error; the default handler prints it in debug builds.
    public static var defaultErrorHandler: DefaultErrorHandler {
        get { lock.withLock { errorHandler } }
        set { lock.withLock { errorHandler = newValue } }
    }

    /// Captures the call stack of each subscription, for `defaultErrorHandler`.
    public static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack {
        get { lock.withLock { captureCallstack } }
        set { lock.withLock { captureCallstack = newValue } }
    }

    /// Whether subscriptions record their call stack (debug builds; off by default as it is slow).
    public static var recordCallStackOnError: Bool {
        get { recordStack.load() != 0 }
        set { recordStack.store(newValue ? 1 : 0) }
    }

    /// Reports an error nobody handled: to `scopedErrorHandler` if the current task set one, else to
    /// `defaultErrorHandler`. `package`, for the bridge, whose bindings report their errors the same way.
    package static func reportUnhandled(_ error: Error, callStack: [String] = []) {
        if let scoped = scopedErrorHandler {
            scoped.handler(callStack, error)
            return
        }
        defaultErrorHandler(callStack, error)
    }

    /// A handler that takes the place of `defaultErrorHandler` for errors reported on the task that set it
    /// (and its child tasks), so that tests checking what is reported can run in parallel without
    /// swapping the process-wide handler under each other. Internal: tests reach it with `@testable import`.
    @TaskLocal static var scopedErrorHandler: ScopedErrorHandler?

    /// The value of `scopedErrorHandler` (a task-local value must be `Sendable`; the handler is only called
    /// on the task that set it, synchronously with its own code).
    struct ScopedErrorHandler: @unchecked Sendable {
        let handler: DefaultErrorHandler
    }
}
