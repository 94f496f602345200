import ReactiveBridgePrimitives

/// A group of disposables disposed together. Same as RxSwift's `CompositeDisposable`.
///
/// Inserting into a disposed composite disposes the newcomer at once and returns `nil`.
public final class CompositeDisposable: Cancelable, @unchecked Sendable {
    private let resourceTracking = ResourceTracking()
    // The mutex, inside the object (see `InlineMutex`): one allocation, not two. These three must follow
    // `resourceTracking` directly.
    private var mutexHead = InlineWord.sentinel
    private var mutexStorage = PlatformMutex()
    private var mutexTail = InlineWord.sentinel
    private var lock: MutexReference { MutexReference(InlineMutex.mutex(in: self, head: InlineMutex.headAfterResourceTracking)) }
    /// Identifies an inserted disposable, for `remove(for:)`.
    public struct DisposeKey: Hashable, Sendable {
        fileprivate let value: UInt64
    }

    // Guarded by `lock`; nothing is called out while an access lasts (run-time exclusivity checks off).
    @exclusivity(unchecked) private var nextKey: UInt64 = 0
    @exclusivity(unchecked) private var entries: [(key: UInt64, disposable: Disposable)]? = []

    /// An empty composite.
    public init() {
        InlineMutex.setUp(self, head: InlineMutex.headAfterResourceTracking, initializing: true, owner: "CompositeDisposable")
    }

    deinit {
        InlineMutex.tearDown(self, head: InlineMutex.headAfterResourceTracking)
    }

    /// A composite holding two disposables.
    public convenience init(_ disposable1: Disposable, _ disposable2: Disposable) {
        self.init()
        entries = [(0, disposable1), (1, disposable2)]
        nextKey = 2
    }

    /// A composite holding three disposables.
    public convenience init(_ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable) {
        self.init()
        entries = [(0, disposable1), (1, disposable2), (2, disposable3)]
        nextKey = 3
    }

    /// A composite holding four or more disposables, as RxSwift's variadic initialiser.
    public convenience init(_ disposable1: Disposable, _ disposable2: Disposable, _ disposable3: Disposable,
                            _ disposable4: Disposable, _ disposables: Disposable...) {
        self.init(disposables: [disposable1, disposable2, disposable3, disposable4] + disposables)
    }

    /// A composite holding all of `disposables`.
    public convenience init(disposables: [Disposable]) {
        self.init()
        var list: [(key: UInt64, disposable: Disposable)] = []
        list.reserveCapacity(disposables.count)
        for disposable in disposables {
            list.append((nextKey, disposable))
            nextKey += 1
        }
        entries = list
    }


    /// Adds `disposable`; returns its key, or `nil` (after disposing it) if the composite is disposed.
    public func insert(_ disposable: Disposable) -> DisposeKey? {
        lock.lock()
        guard entries != nil else {
            lock.unlock()
            disposable.dispose()
            return nil
        }
        let key = nextKey
        nextKey += 1
        entries!.append((key, disposable))
        lock.unlock()
        return DisposeKey(value: key)
    }

    /// The number of disposables held.
    public var count: Int { lock.withLock { entries?.count ?? 0 } }

    /// Removes the disposable for `disposeKey` and disposes it.
    public func remove(for disposeKey: DisposeKey) {
        lock.lock()
        guard let index = entries?.firstIndex(where: { $0.key == disposeKey.value }) else {
            lock.unlock()
            return
        }
        let removed = entries!.remove(at: index).disposable
        lock.unlock()
        removed.dispose()
    }

    /// Whether it has been disposed.
    public var isDisposed: Bool { lock.withLock { entries == nil } }

    /// Disposes every held disposable, in insertion order, and every one inserted later.
    public func dispose() {
        lock.lock()
        let taken = entries.take()
        lock.unlock()
        taken?.forEach { $0.disposable.dispose() }
    }
}
