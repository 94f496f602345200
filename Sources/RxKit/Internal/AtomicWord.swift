/// An `Int` read and changed atomically, in a one-allocation object (the word is inline: see `InlineWord`).
/// For counters shared across threads where a lock round trip would be the whole cost.
final class AtomicWord: @unchecked Sendable {
    private var word = InlineWord.sentinel

    init() {
        InlineWord.initialize(self)
    }

    /// The current value (acquire).
    @inline(__always)
    func load() -> Int { InlineWord.load(self) }

    /// Stores `value` (release).
    @inline(__always)
    func store(_ value: Int) { InlineWord.store(self, value) }

    /// Adds `delta`; returns the value as it was before.
    @inline(__always)
    @discardableResult
    func add(_ delta: Int) -> Int { InlineWord.fetchAdd(self, delta) }
}
