import ReactiveBridgeAtomics

/// A type-erasing cancellable object that executes a provided closure when canceled.
///
/// An `AnyCancellable` instance automatically calls `cancel()` when deinitialized.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
    // Cancelled yet? (0 or 1), changed by one atomic exchange: whoever flips it owns the action. Kept in
    // the object (it must stay the first stored property; see `InlineLockStorage`) rather than behind a
    // `Lock`, one heap block less per subscription.
    @exclusivity(unchecked) private var cancelledWord = 0
    // Set by `init`, then read and cleared only by the caller that flipped `cancelledWord`.
    @exclusivity(unchecked) private var cancelAction: (() -> Void)?
    /// A wrapped cancellable, kept as such rather than as a closure over its `cancel` (which would be a
    /// heap block of its own for a generic value).
    @exclusivity(unchecked) private var canceller: (any Cancellable)?

    /// Initializes the cancellable object with the given cancel-time closure.
    public init(_ cancel: @escaping () -> Void) {
        cancelAction = cancel
        assert(withUnsafeMutablePointer(to: &cancelledWord) { $0 == cancelledWordAddress }, "AnyCancellable: cancelledWord must be the first stored property")
    }

    /// Wraps another cancellable; cancelling this one cancels it.
    public init<C: Cancellable>(_ canceller: C) {
        // An `AnyCancellable` is wrapped like any other cancellable: its own `cancel()` runs once.
        self.canceller = canceller
        assert(withUnsafeMutablePointer(to: &cancelledWord) { $0 == cancelledWordAddress }, "AnyCancellable: cancelledWord must be the first stored property")
    }

    @inline(__always)
    private var cancelledWordAddress: UnsafeMutablePointer<Int> {
        _getUnsafePointerToStoredProperties(self).assumingMemoryBound(to: Int.self)
    }

    deinit {
        cancel()
    }

    /// Cancels the activity (once; later calls do nothing).
    public func cancel() {
        guard rb_atomic_exchange(cancelledWordAddress, 1) == 0 else { return }
        if let action = cancelAction {
            cancelAction = nil
            action()
        } else if let canceller {
            self.canceller = nil
            canceller.cancel()
        }
    }

    /// Stores this cancellable in the given collection.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(self)
    }

    /// Stores this cancellable in the given set.
    public func store(in set: inout Set<AnyCancellable>) {
        set.insert(self)
    }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool {
        lhs === rhs
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
