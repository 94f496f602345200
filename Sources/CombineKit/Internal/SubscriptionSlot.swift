/// An optional `Subscription` kept in a stored property (an inner subscription that comes and goes, as
/// `switchToLatest`'s current child; RxCombineBridge's Combine → Rx subscribers' upstream):
/// `Optional<any Subscription>` in all but its type.
///
/// A non-generic enum, because destroying one is then an inline check, where `Optional<any Subscription>`
/// is destroyed through the runtime's generic `Optional` value witness (~40–60 instructions, even for
/// `nil`), on every assignment into the property and in its holder's `deinit`. Not generic: a generic enum
/// is destroyed through its instantiated metadata's value witness, as `Optional` is — checked in the
/// assembly `swiftc -O` emits. (RxKit's `DisposableSlot` is the same for `Disposable`. Operators whose
/// subscription goes through states use `SubscriptionStatus`, also an enum.)
///
/// Package-wide for RxCombineBridge; not part of CombineKit's API.
package enum SubscriptionSlot {
    case empty
    case holding(Subscription)

    /// The held subscription, moved out (no copy, no retain), leaving the slot empty; `nil` if it was empty.
    @inlinable @inline(__always)
    package mutating func take() -> Subscription? {
        switch consume self {
        case .empty:
            self = .empty
            return nil
        case .holding(let subscription):
            self = .empty
            return subscription
        }
    }

    /// A copy of the held subscription (one retain, to call it after a lock is released), leaving the slot
    /// as it is; `nil` if it is empty.
    @inlinable @inline(__always)
    package func copy() -> Subscription? {
        if case .holding(let subscription) = self { return subscription }
        return nil
    }
}
