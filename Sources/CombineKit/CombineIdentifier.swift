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
private final class IdentifierSource: @unchecked Sendable {
    static let shared = IdentifierSource()
    private let lock = Lock.make()
    private var counter: UInt64 = 1

    func next() -> UInt64 {
        lock.lock()
        defer { lock.unlock() }
        counter &+= 2  // odd numbers only: object addresses are even
        return counter
    }
}

/// A publisher, subscriber or subscription that can identify its stream.
public protocol CustomCombineIdentifierConvertible {
    /// A unique identifier for this stream.
    var combineIdentifier: CombineIdentifier { get }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    public var combineIdentifier: CombineIdentifier {
        CombineIdentifier(self)
    }
}
