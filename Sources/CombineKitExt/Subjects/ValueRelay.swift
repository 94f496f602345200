import CombineKit

/// A publisher that never fails or finishes and takes values through `accept(_:)` (the common
/// shape of `PassthroughRelay` and `CurrentValueRelay`; RxRelay's relays).
public protocol ValueRelay<Output>: AnyObject, Publisher where Failure == Never {
    /// Publishes a value to the current subscribers.
    func accept(_ value: Output)
}
