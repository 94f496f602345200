import ReactiveBridgePrimitives

/// Disposes its underlying disposable only once it has been disposed *and* every disposable handed out
/// by `retain()` has been disposed. Same as RxSwift's `RefCountDisposable`.
public final class RefCountDisposable: Cancelable, @unchecked Sendable {
    private let resourceTracking = ResourceTracking()
    private let lock = Lock()
    private var underlying: Disposable?
    private var primaryDisposed = false
    private var count = 0

    /// Wraps `disposable`.
    public init(disposable: Disposable) {
        underlying = disposable
    }


    /// Whether the underlying disposable has been disposed.
    public var isDisposed: Bool { lock.withLock { underlying == nil } }

    /// Hands out a dependent disposable that keeps the underlying one alive until it is disposed.
    /// After the underlying one is gone, returns a disposable that does nothing.
    public func retain() -> Disposable {
        lock.lock()
        guard underlying != nil else {
            lock.unlock()
            return Disposables.create()
        }
        count += 1
        lock.unlock()
        let released = OnceFlag()
        return Disposables.create { [self] in
            if released.set() { release() }
        }
    }

    /// Disposes the primary reference; the underlying disposable goes once no retained ones remain.
    public func dispose() {
        lock.lock()
        guard underlying != nil, !primaryDisposed else {
            lock.unlock()
            return
        }
        primaryDisposed = true
        let toDispose = count == 0 ? takeUnderlying() : nil
        lock.unlock()
        toDispose?.dispose()
    }

    private func release() {
        lock.lock()
        guard underlying != nil else {
            lock.unlock()
            return
        }
        precondition(count > 0, "RefCountDisposable: a retained disposable was disposed more times than retain() was called; dispose each disposable that retain() returned exactly once.")
        count -= 1
        let toDispose = (count == 0 && primaryDisposed) ? takeUnderlying() : nil
        lock.unlock()
        toDispose?.dispose()
    }

    private func takeUnderlying() -> Disposable? {
        let taken = underlying.take()
        return taken
    }
}
