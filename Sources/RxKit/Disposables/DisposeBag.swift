import ReactiveBridgePrimitives

/// Collects disposables and disposes them all when the bag is deallocated. Same as RxSwift's
/// `DisposeBag`: to dispose early, replace the bag (`bag = DisposeBag()`).
public final class DisposeBag: @unchecked Sendable {
    // The mutex, inside the object (see `InlineMutex`): one allocation, not two. These three must stay
    // the first stored properties.
    private var mutexHead = InlineWord.sentinel
    private var mutexStorage = PlatformMutex()
    private var mutexTail = InlineWord.sentinel
    private var lock: MutexReference { MutexReference(InlineMutex.mutex(in: self, head: 0)) }
    // Guarded by `lock`; nothing is called out while an access lasts, so the run-time exclusivity checks
    // (which only catch same-thread overlaps) are off.
    @exclusivity(unchecked) private var disposables: [Disposable] = []
    @exclusivity(unchecked) private var disposed = false

    /// An empty bag.
    public init() {
        InlineMutex.setUp(self, head: 0, initializing: true, owner: "DisposeBag")
    }

    /// A bag holding `disposables`.
    public convenience init(disposing disposables: Disposable...) {
        self.init()
        self.disposables += disposables
    }

    /// A bag holding the disposables produced by `builder`.
    public convenience init(@DisposableBuilder builder: () -> [Disposable]) {
        self.init(disposing: builder())
    }

    /// A bag holding `disposables`.
    public convenience init(disposing disposables: [Disposable]) {
        self.init()
        self.disposables += disposables
    }

    /// Adds a disposable. If the bag was already disposed, it is disposed at once.
    public func insert(_ disposable: Disposable) {
        lock.lock()
        if disposed {
            lock.unlock()
            disposable.dispose()
            return
        }
        disposables.append(disposable)
        lock.unlock()
    }

    /// Adds several disposables.
    public func insert(_ disposables: Disposable...) {
        insert(disposables)
    }

    /// Adds the disposables produced by `builder`.
    public func insert(@DisposableBuilder builder: () -> [Disposable]) {
        insert(builder())
    }

    /// Adds several disposables.
    public func insert(_ disposables: [Disposable]) {
        lock.lock()
        if disposed {
            lock.unlock()
            disposables.forEach { $0.dispose() }
            return
        }
        self.disposables += disposables
        lock.unlock()
    }

    private func disposeAll() {
        lock.lock()
        let taken = disposables
        disposables.removeAll()
        disposed = true
        lock.unlock()
        taken.forEach { $0.dispose() }
    }

    deinit {
        disposeAll()
        InlineMutex.tearDown(self, head: 0)
    }

    /// Builds a list of disposables from a block of expressions.
    @resultBuilder
    public struct DisposableBuilder {
        public static func buildBlock(_ disposables: Disposable...) -> [Disposable] { disposables }
    }
}
