/// What the Rx → Combine bridge does with elements that arrive while the subscriber has no demand.
///
/// Rx sources push; Combine subscribers pull. The bridge holds the excess until it is demanded, and a
/// terminal event always waits behind the held elements — nothing is ever lost at completion or error.
///
/// ```swift
/// let latest = sensor.readings().asPublisher(bufferPolicy: .bounded(100, whenFull: .dropOldest))
/// ```
public enum BridgeBufferPolicy: Sendable, Equatable {
    /// Hold every element until demanded (the default).
    case unbounded
    /// Hold at most `capacity` elements; on overflow apply `whenFull`.
    case bounded(Int, whenFull: BridgeOverflowStrategy)
}

/// How a bounded bridge buffer behaves when it is full and another element arrives.
///
/// ```swift
/// observable.asPublisher(bufferPolicy: .bounded(10, whenFull: .fail))  // fails with BridgeBufferOverflow
/// ```
public enum BridgeOverflowStrategy: Sendable, Equatable {
    /// Drop the oldest held element to make room.
    case dropOldest
    /// Drop the arriving element.
    case dropNewest
    /// Stop the source and fail with `BridgeBufferOverflow` after the held elements are delivered.
    case fail
}

/// The failure a `.bounded(_, whenFull: .fail)` bridge sends when its buffer overflows.
///
/// ```swift
/// if case .failure(let error as BridgeBufferOverflow) = completion { log("overflow at \(error.capacity)") }
/// ```
public struct BridgeBufferOverflow: Error, Equatable, CustomStringConvertible {
    /// The buffer's capacity.
    public let capacity: Int

    /// An overflow of a buffer holding `capacity` elements.
    public init(capacity: Int) {
        self.capacity = capacity
    }

    public var description: String {
        "BridgeBufferOverflow: the Rx source sent more than \(capacity) elements beyond the subscriber's demand. Request more demand, use a larger buffer, or choose .dropOldest/.dropNewest."
    }
}
