/// Holds one replaceable disposable: setting a new one disposes the previous. Same as RxSwift's
/// `SerialDisposable`. After disposal, any disposable assigned is disposed at once.
public final class SerialDisposable: Cancelable, @unchecked Sendable {
    private let resourceTracking = ResourceTracking()
    private let lock = Lock()
    // Guarded by `lock`; nothing is called out while an access lasts (run-time exclusivity checks off).
    @exclusivity(unchecked) private var current: Disposable?
    @exclusivity(unchecked) private var disposed = false

    /// An empty serial disposable.
    public init() {
    }


    /// Whether it has been disposed.
    public var isDisposed: Bool { lock.withLock { disposed } }

    /// The current disposable. Setting it disposes the previous one (or the new one, if already disposed).
    public var disposable: Disposable {
        get { lock.withLock { current ?? Disposables.create() } }
        set {
            lock.lock()
            if disposed {
                lock.unlock()
                newValue.dispose()
                return
            }
            let old = current
            current = newValue
            lock.unlock()
            old?.dispose()
        }
    }

    /// Disposes the current disposable and every later one.
    public func dispose() {
        lock.lock()
        if disposed {
            lock.unlock()
            return
        }
        disposed = true
        let old = current.take()
        lock.unlock()
        old?.dispose()
    }
}
