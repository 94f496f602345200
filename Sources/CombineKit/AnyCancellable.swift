/// A type-erasing cancellable object that executes a provided closure when canceled.
///
/// An `AnyCancellable` instance automatically calls `cancel()` when deinitialized.
public final class AnyCancellable: Cancellable, Hashable, @unchecked Sendable {
    private let lock = Lock.make()
    private var cancelAction: (() -> Void)?

    /// Initializes the cancellable object with the given cancel-time closure.
    public init(_ cancel: @escaping () -> Void) {
        cancelAction = cancel
    }

    /// Wraps another cancellable; cancelling this one cancels it.
    public init<C: Cancellable>(_ canceller: C) {
        if let other = canceller as? AnyCancellable {
            cancelAction = other.cancel
        } else {
            cancelAction = canceller.cancel
        }
    }

    deinit {
        cancel()
    }

    /// Cancels the activity (once; later calls do nothing).
    public func cancel() {
        lock.lock()
        let action = cancelAction
        cancelAction = nil
        lock.unlock()
        action?()
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
