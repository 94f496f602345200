/// A Boolean that flips from `false` to `true` exactly once, safely across threads, without a lock:
/// reading it (done on every event by sinks and closure observers) is a single acquire load. The word is
/// inline (see `InlineWord`), so a flag is one allocation.
@usableFromInline
package final class OnceFlag: @unchecked Sendable {
    private var word = InlineWord.sentinel

    @usableFromInline
    package init() {
        InlineWord.initialize(self)
    }

    @inlinable @inline(__always)
    package var isSet: Bool { InlineWord.load(self) != 0 }

    /// Sets the flag; returns `true` only for the caller that flipped it.
    @inlinable @inline(__always)
    @discardableResult
    package func set() -> Bool {
        InlineWord.fetchOr(self, 1) == 0
    }
}
