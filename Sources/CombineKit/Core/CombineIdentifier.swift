import ReactiveBridgePrimitives

/// A unique identifier for identifying publisher streams.
public struct CombineIdentifier: Hashable, CustomStringConvertible, Sendable {
    private let rawValue: UInt64

    /// Creates a unique identifier.
    public init() {
        rawValue = IdentifierSource.shared.next()
    }

    /// Creates an identifier derived from an object's identity.
    public init(_ obj: AnyObject) {
        rawValue = UInt64(UInt(bitPattern: ObjectIdentifier(obj)))
    }

    public var description: String {
        "0x" + String(rawValue, radix: 16)
    }
}

/// Hands out process-unique numbers for `CombineIdentifier()`. Starts above the range of small
/// numbers so that it does not collide with object addresses in practice (addresses are aligned).
/// One atomic add per identifier (the counter is the lock's atomic word; the lock itself is unused):
/// struct subscribers such as `flatMap`'s inner ones draw an identifier per inner publisher.
private final class IdentifierSource: @unchecked Sendable {
    static let shared = IdentifierSource()
    private let counter: Lock = {
        let lock = Lock()
        lock.storeWord(1)
        return lock
    }()

    func next() -> UInt64 {
        // Odd numbers only: object addresses are even. (Wraps after 2^63 identifiers.)
        UInt64(UInt(bitPattern: counter.fetchAddWord(2) &+ 2))
    }
}
