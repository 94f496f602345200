import CombineKit

/// An optional `Subscription` kept in a stored property (the Combine → Rx subscribers' upstream
/// subscription, see `UpstreamSubscriptionSlot`): `Optional<any Subscription>` in all but its type.
///
/// A non-generic enum of the bridge's own, because destroying one is then an inline check, where
/// `Optional<any Subscription>` is destroyed through the runtime's generic `Optional` value witness (~40–60
/// instructions, even for `nil`): twice per bridged subscription, on storing and in the subscriber's `deinit`.
/// (RxKit's `DisposableSlot` is the same for `Disposable`. Not one generic enum for both: a generic enum is
/// destroyed through its instantiated metadata's value witness, as `Optional` is — checked in the
/// assembly `swiftc -O` emits.)
enum SubscriptionSlot {
    case empty
    case holding(Subscription)

    /// The held subscription, moved out (no copy, no retain), leaving the slot empty; `nil` if it was empty.
    @inline(__always)
    mutating func take() -> Subscription? {
        switch consume self {
        case .empty:
            self = .empty
            return nil
        case .holding(let subscription):
            self = .empty
            return subscription
        }
    }
}
