/// Holds a disposable that is set exactly once, possibly after disposal was requested (then it is
/// disposed as soon as it is set). Same as RxSwift's `SingleAssignmentDisposable`.
public final class SingleAssignmentDisposable: Cancelable, @unchecked Sendable {
    private let resourceTracking = ResourceTracking()
    private let lock = Lock()
    private var held: Disposable?
    private var assigned = false
    private var disposed = false

    /// An empty single-assignment disposable.
    public init() {
    }


    /// Whether it has been disposed.
    public var isDisposed: Bool { lock.withLock { disposed } }

    /// Sets the disposable. Calling this a second time is a programming error.
    public func setDisposable(_ disposable: Disposable) {
        lock.lock()
        precondition(!assigned, "SingleAssignmentDisposable.setDisposable(_:) was called twice. It holds exactly one disposable; use SerialDisposable to replace a disposable.")
        assigned = true
        if disposed {
            lock.unlock()
            disposable.dispose()
            return
        }
        held = disposable
        lock.unlock()
    }

    /// Disposes the held disposable (now, or when it is set).
    public func dispose() {
        lock.lock()
        if disposed {
            lock.unlock()
            return
        }
        disposed = true
        let taken = held
        held = nil
        lock.unlock()
        taken?.dispose()
    }
}
