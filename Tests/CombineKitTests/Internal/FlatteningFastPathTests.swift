import CombineKit
import CombineKitTest
import Testing

/// The single-threaded edges of the per-value fast paths: `Just`'s one-block subscription, the
/// `DemandBuffer` lock-free delivery (unlimited demand), `flatMap`'s slot table and struct sides,
/// `switchToLatest`'s struct sides and the `combineLatest` coordinator. Each test pins down a case
/// where the fast path must hand over to the careful one: limited demand, re-entrancy, cancellation
/// during a delivery, completion while values are pending. The tests live beside each operator's own, in
/// extensions of this suite: Publishers/JustTests.swift, FlatMapTests.swift, SwitchToLatestTests.swift and
/// CombineLatestTests.swift.
@Suite struct FlatteningFastPathTests {
    /// A reference type whose lifetime the tests watch (released means nothing still holds it).
    final class Token: @unchecked Sendable {
        let value: Int
        init(_ value: Int) { self.value = value }
    }
}
