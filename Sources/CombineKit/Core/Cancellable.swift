/// A protocol indicating that an activity or action supports cancellation.
///
/// Calling `cancel()` frees up any allocated resources and stops side effects such as timers,
/// network access, or disk I/O. It is idempotent.
public protocol Cancellable {
    /// Cancels the activity.
    func cancel()
}

extension Cancellable {
    /// Stores this cancellable in the given collection, wrapped in an `AnyCancellable`.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        AnyCancellable(self).store(in: &collection)
    }

    /// Stores this cancellable in the given set, wrapped in an `AnyCancellable`.
    public func store(in set: inout Set<AnyCancellable>) {
        AnyCancellable(self).store(in: &set)
    }
}
