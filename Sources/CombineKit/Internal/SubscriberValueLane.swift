/// A second way in for a subscriber's values, for RxCombineBridge: a function, made in the subscriber's
/// creator's specialised code, that a subject's subscription calls instead of `receive(_:)`. Not part of
/// Combine's API; nothing but the bridge has a use for it.
///
/// Why: a subject's subscription is generic code that runs unspecialised, so it reaches `receive(_:)`
/// through the subscriber's witness table (a thunk, then the method, itself unspecialised). The bridge's
/// subscriber has nothing to do per value but copy it and hand its address to RxKit, which the function,
/// specialised for the concrete `Input` where the bridge was called, does directly: two calls fewer per
/// value (Combine → Rx S1, S7, R1).
///
/// The function must do exactly what `receive(_:)` does (it is called in its place, under the same rules:
/// serially, and only after `receive(subscription:)`), for a subscriber whose `receive(_:)` always returns
/// `.none`: the lane returns nothing and adds no demand (the bridge's subscriber asks for `.unlimited`
/// once). `target` must be the subscriber object itself, or an object the subscriber holds (a subscriber
/// that is a struct), which the subscription keeps alive, by holding the subscriber, while it may call the
/// function.
public struct _SubscriberValueLane<Input> {
    /// Called with each value and `target`. Adds no demand, as `receive(_:)` returning `.none`.
    @usableFromInline let receive: (Input, UnsafeRawPointer) -> Void
    /// The subscriber object, or one it holds (`Unmanaged.passUnretained(_:).toOpaque()`), not retained: the
    /// subscription holds the subscriber.
    @usableFromInline let target: UnsafeRawPointer

    /// A lane calling `receive` with each value and `target`, the subscriber object itself or an object it
    /// holds (not retained).
    @inlinable
    public init(target: AnyObject, receive: @escaping (Input, UnsafeRawPointer) -> Void) {
        self.target = UnsafeRawPointer(Unmanaged.passUnretained(target).toOpaque())
        self.receive = receive
    }
}

extension Subscriber {
    /// No lane: values go to `receive(_:)` (see `_SubscriberValueLane`). Not part of Combine's API.
    public var _valueLane: _SubscriberValueLane<Input>? { nil }
}
