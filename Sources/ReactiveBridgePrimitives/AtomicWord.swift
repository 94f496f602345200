/// An `Int` read and changed atomically, in a one-allocation object (the word is inline: see `InlineWord`).
/// For counters shared across threads where a lock round trip would be the whole cost.
@usableFromInline
package final class AtomicWord: @unchecked Sendable {
    private var word = InlineWord.sentinel

    @usableFromInline
    package init() {
        InlineWord.initialize(self)
    }

    /// The current value (acquire).
    @inlinable @inline(__always)
    package func load() -> Int { InlineWord.load(self) }

    /// Stores `value` (release).
    @inlinable @inline(__always)
    package func store(_ value: Int) { InlineWord.store(self, value) }

    /// Adds `delta`; returns the value as it was before.
    @inlinable @inline(__always)
    @discardableResult
    package func add(_ delta: Int) -> Int { InlineWord.fetchAdd(self, delta) }
}
