import ReactiveBridgePrimitives

/// Holds one replaceable disposable: setting a new one disposes the previous. Same as RxSwift's
/// `SerialDisposable`. After disposal, any disposable assigned is disposed at once.
public final class SerialDisposable: Cancelable, @unchecked Sendable {
    private let resourceTracking = ResourceTracking()
    // The mutex, inside the object (see `InlineMutex`): one allocation, not two. These three must follow
    // `resourceTracking` directly.
    private var mutexHead = InlineWord.sentinel
    private var mutexStorage = PlatformMutex()
    private var mutexTail = InlineWord.sentinel
    private var lock: MutexReference { MutexReference(InlineMutex.mutex(in: self, head: InlineMutex.headAfterResourceTracking)) }
    // Guarded by `lock`; nothing is called out while an access lasts (run-time exclusivity checks off).
    /// A `DisposableSlot`, not `Disposable?`: see there.
    @exclusivity(unchecked) private var current = DisposableSlot.empty
    @exclusivity(unchecked) private var disposed = false

    /// An empty serial disposable.
    public init() {
        InlineMutex.setUp(self, head: InlineMutex.headAfterResourceTracking, initializing: true, owner: "SerialDisposable")
    }

    deinit {
        InlineMutex.tearDown(self, head: InlineMutex.headAfterResourceTracking)
    }


    /// Whether it has been disposed.
    public var isDisposed: Bool { lock.withLock { disposed } }

    /// The current disposable. Setting it disposes the previous one (or the new one, if already disposed).
    public var disposable: Disposable {
        get {
            lock.withLock {
                if case .holding(let disposable) = current { return disposable }
                return Disposables.create()
            }
        }
        set {
            lock.lock()
            if disposed {
                lock.unlock()
                newValue.dispose()
                return
            }
            let old = current.take()
            current = .holding(newValue)
            lock.unlock()
            if case .some(let old) = consume old { old.dispose() }  // moved: `?.dispose()` copies first
        }
    }

    /// Sets `disposable` as the first one, unless one was already assigned or this was disposed: then
    /// disposes `disposable` instead. For a holder that subscribes a source and, if the source fails during
    /// that subscribe, assigns a replacement first (`catch`): the source's subscription, returned after
    /// the replacement, must not displace it. (RxSwift builds this from a `SingleAssignmentDisposable`
    /// assigned first: one allocation more.)
    func setFirst(_ disposable: Disposable) {
        lock.lock()
        if disposed || !current.isEmpty {
            lock.unlock()
            disposable.dispose()
            return
        }
        current = .holding(disposable)
        lock.unlock()
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
        if case .some(let old) = consume old { old.dispose() }  // moved: `?.dispose()` copies first
    }
}
