/// An optional `Disposable` kept in a stored property (a sink's upstream subscription, a closure
/// subscription's, the flattening operators' inner subscriptions, `SingleAssignmentDisposable`'s and
/// `SerialDisposable`'s, …): `Optional<any Disposable>` in all but its type.
///
/// A non-generic enum of RxKit's own, because destroying one is then an inline check (is there a value? then
/// destroy the existential), where `Optional<any Disposable>` is destroyed through the runtime: the
/// compiler outlines it as a call to the generic `Optional` value witness of the instantiated
/// `Optional<any Disposable>` metadata (~59 instructions, even for `nil`). A holder pays that in its
/// `deinit` and on every assignment into the property, so a few times per subscription and per sink
/// (R4 RxKit: four per build). Non-generic on purpose: a generic enum is destroyed through its metadata too
/// (which is why it is not one generic slot with CombineKit's `SubscriptionSlot`).
///
/// Package-wide for RxCombineBridge's Rx → Combine subscription, which holds its Rx subscription in one;
/// not part of RxKit's API.
package enum DisposableSlot {
    case empty
    case holding(Disposable)

    /// The held disposable, moved out (no copy, no retain), leaving the slot empty; `nil` if it was empty.
    @inlinable @inline(__always)
    package mutating func take() -> Disposable? {
        switch consume self {
        case .empty:
            self = .empty
            return nil
        case .holding(let disposable):
            self = .empty
            return disposable
        }
    }

    /// Whether the slot holds nothing.
    @inlinable
    package var isEmpty: Bool {
        if case .empty = self { return true }
        return false
    }
}
