import CombineKit
import ReactiveBridgePrimitives

/// A bag of cancellables with RxSwift `DisposeBag` semantics: it cancels everything it holds when it
/// is deinitialised or `cancel()` is called, and a cancellable inserted after `cancel()` is
/// cancelled at once. Named so it does not clash with RxKit's `DisposeBag`. Thread-safe.
public final class CancelBag: @unchecked Sendable {
    private let lock = Lock()
    private var cancellables: [AnyCancellable] = []
    private var isCancelled = false

    /// Creates an empty bag.
    public init() {}

    deinit {
        cancel()
    }

    /// Adds a cancellable (RxSwift's `DisposeBag.insert(_:)`); cancels it at once if the bag has been
    /// cancelled.
    public func insert(_ cancellable: AnyCancellable) {
        let cancelNow: Bool = lock.withLock {
            if isCancelled { return true }
            cancellables.append(cancellable)
            return false
        }
        if cancelNow { cancellable.cancel() }
    }

    /// Adds any cancellable (wrapped in an `AnyCancellable`).
    public func insert<C: Cancellable>(_ cancellable: C) {
        insert(AnyCancellable(cancellable))
    }

    /// Cancels everything in the bag, and everything inserted from now on.
    public func cancel() {
        let toCancel: [AnyCancellable] = lock.withLock {
            isCancelled = true
            defer { cancellables = [] }
            return cancellables
        }
        toCancel.forEach { $0.cancel() }
    }

    /// Number of cancellables held.
    public var count: Int { lock.withLock { cancellables.count } }
}

extension AnyCancellable {
    /// Stores this cancellable in `bag` (RxSwift's `disposed(by:)`).
    public func store(in bag: CancelBag) {
        bag.insert(self)
    }
}
