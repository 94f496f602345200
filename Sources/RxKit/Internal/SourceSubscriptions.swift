import ReactiveBridgeAtomics

/// The sources' subscriptions of a multi-source sink (combineLatest): one single-assignment disposable per
/// source, all in one heap block rather than an array of `SingleAssignmentDisposable` objects (one
/// allocation per subscription instead of one plus one per source).
///
/// `subscriptions[index]` is a handle with `SingleAssignmentDisposable`'s semantics: `setDisposable` once,
/// `dispose` any number of times from any thread; whichever of the two comes second disposes the held
/// subscription. Each source's state word is read and written only atomically.
final class SourceSubscriptions: ManagedBuffer<Int, SourceSubscriptions.Entry> {
    struct Entry {
        /// The "disposed" and "assigned" bits.
        var state: Int
        var held: DisposableSlot
    }

    static let disposedBit = 1
    static let assignedBit = 2

    /// `count` empty entries, followed in the same block by `extraBytes` uninitialised bytes aligned to
    /// `extraAlignment` (`extraStorage`): a combineLatest sink keeps its latest elements there.
    static func make(count: Int, extraBytes: Int = 0, extraAlignment: Int = 1) -> SourceSubscriptions {
        let stride = MemoryLayout<Entry>.stride
        let extraEntries = extraBytes == 0 ? 0 : (extraBytes + extraAlignment - 1 + stride - 1) / stride
        let buffer = create(minimumCapacity: count + extraEntries) { _ in count }
        buffer.withUnsafeMutablePointerToElements { entries in
            entries.initialize(repeating: Entry(state: 0, held: .empty), count: count)
        }
        return unsafeDowncast(buffer, to: SourceSubscriptions.self)
    }

    /// The extra bytes `make` reserved after the entries, aligned as asked; the caller initialises and
    /// deinitialises what it keeps there.
    func extraStorage(alignment: Int) -> UnsafeMutableRawPointer {
        let end = UInt(bitPattern: withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0 + count) })
        let mask = UInt(alignment - 1)
        return UnsafeMutableRawPointer(bitPattern: (end + mask) & ~mask)!
    }

    deinit {
        _ = withUnsafeMutablePointers { count, entries in entries.deinitialize(count: count.pointee) }
    }

    /// The number of sources. Read through the header's address: reading `header` itself is a dynamically
    /// checked access (a runtime call), paid on every source's completion and disposal.
    var count: Int { withUnsafeMutablePointerToHeader { $0.pointee } }

    /// Source `index`'s entry (in range).
    subscript(index: Int) -> Handle {
        precondition(index >= 0 && index < count, "SourceSubscriptions: no source \(index)")
        return Handle(entry: withUnsafeMutablePointerToElements { $0 + index })
    }

    /// Disposes every source's subscription (now, or when it is set).
    func disposeAll() {
        for index in 0..<count { self[index].dispose() }
    }

    /// One source's single-assignment disposable, valid while its `SourceSubscriptions` lives.
    struct Handle {
        let entry: UnsafeMutablePointer<Entry>

        private var state: UnsafeMutablePointer<Int> {
            (UnsafeMutableRawPointer(entry) + MemoryLayout<Entry>.offset(of: \Entry.state)!).assumingMemoryBound(to: Int.self)
        }

        /// Sets the subscription; disposes it at once if `dispose()` came first. Once only.
        func setDisposable(_ disposable: Disposable) {
            entry.pointee.held = .holding(disposable)
            let previous = rb_atomic_fetch_or(state, SourceSubscriptions.assignedBit)
            precondition(previous & SourceSubscriptions.assignedBit == 0, "SourceSubscriptions: a source's subscription was set twice")
            if previous & SourceSubscriptions.disposedBit != 0 {
                entry.pointee.held.take()?.dispose()
            }
        }

        /// Disposes the subscription (now, or when it is set). Idempotent.
        func dispose() {
            let previous = rb_atomic_fetch_or(state, SourceSubscriptions.disposedBit)
            guard previous & SourceSubscriptions.disposedBit == 0, previous & SourceSubscriptions.assignedBit != 0 else { return }
            entry.pointee.held.take()?.dispose()
        }
    }
}
