import ReactiveBridgeAtomics

/// A lock-free state word stored *inside* the object that uses it, so a flag or a small state machine
/// costs no allocation of its own. Subscription-heavy code — a sink per operator per subscription, and a
/// link or closure subscription per subscriber — would pay that on every `subscribe`.
///
/// How: the word is the object's *first* stored property, an `Int` in a root class (no superclass),
/// declared with `InlineWord.sentinel` as its initial value and never read or written by Swift code
/// afterwards. The stored properties of a Swift class start right after the object header, in
/// declaration order, so `_getUnsafePointerToStoredProperties` is its address (the technique
/// swift-atomics' `ManagedAtomic` uses for its inline storage). `initialize(_:)` checks that the
/// sentinel is really there — a precondition, so a layout surprise stops the program instead of
/// corrupting another property — and stores 0.
@usableFromInline
package enum InlineWord {
    /// The initial value of the property that holds the word; `initialize(_:)` replaces it with 0.
    @inlinable @inline(__always)
    package static var sentinel: Int { 0x5EED_F1A6 }  // fits a 32-bit Int too

    @inlinable @inline(__always)
    package static func address(of object: AnyObject) -> UnsafeMutablePointer<Int> {
        _getUnsafePointerToStoredProperties(object).assumingMemoryBound(to: Int.self)
    }

    /// Call at the end of the owner's `init`: checks the word is where it is looked for, then zeroes it.
    @inlinable @inline(__always)
    package static func initialize(_ object: AnyObject) {
        let word = address(of: object)
        precondition(
            word.pointee == sentinel,
            "InlineWord: the state word must be the first stored property of a root class, initialised to InlineWord.sentinel"
        )
        rb_atomic_store_release(word, 0)
    }

    @inlinable @inline(__always)
    package static func load(_ object: AnyObject) -> Int {
        rb_atomic_load_acquire(address(of: object))
    }

    /// Sets `bits`; returns the word as it was before.
    @inlinable @inline(__always)
    package static func fetchOr(_ object: AnyObject, _ bits: Int) -> Int {
        rb_atomic_fetch_or(address(of: object), bits)
    }

    /// Stores `value` (release).
    @inlinable @inline(__always)
    package static func store(_ object: AnyObject, _ value: Int) {
        rb_atomic_store_release(address(of: object), value)
    }

    /// Adds `delta`; returns the word as it was before.
    @inlinable @inline(__always)
    package static func fetchAdd(_ object: AnyObject, _ delta: Int) -> Int {
        rb_atomic_fetch_add(address(of: object), delta)
    }

    /// Replaces `expected` with `desired` if the word holds `expected`; returns whether it did.
    @inlinable @inline(__always)
    package static func compareExchange(_ object: AnyObject, expected: Int, desired: Int) -> Bool {
        rb_atomic_compare_exchange(address(of: object), expected, desired)
    }
}
