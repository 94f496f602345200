import ReactiveBridgePrimitives

/// The root class of `flatMap`'s and `switchToLatest`'s inner objects, as their inner publishers'
/// subscribers (`FlatteningSide`) see it: generic only over what the inner publishers send, not over the
/// downstream, so the side's type is known where the chain is built (see `FlatteningSide`).
///
/// It holds the lock of the whole inner object (`FlatteningInnerBase` and its subclasses use it): an
/// `InlineLockStorage` must be the first stored property of the root class.
@usableFromInline
internal class FlatteningSideOwner<Output, Failure: Error> {
    /// The lock: must stay the first stored property (see `InlineLockStorage`).
    private var lockStorage = InlineLockStorage()

    init() {
        lock.initialize()
        assert(lock.isAt(&lockStorage), "FlatteningSideOwner: the inline lock must be the first stored property")
    }

    deinit { lock.destroy() }

    @inline(__always)
    final var lock: InlineLock { InlineLock(in: self) }

    /// The inner publisher `key`/`index` (a slot and an index for flatMap, a generation for switchToLatest)
    /// handed its subscription.
    func childSubscribed(_ key: Int, _ index: Int, _ subscription: Subscription) { fatalError("abstract") }

    /// The inner publisher `key`/`index` sent a value; returns the demand its `receive(_:)` returns.
    func childReceived(_ value: Output, _ key: Int, _ index: Int) -> Subscribers.Demand { fatalError("abstract") }

    /// The inner publisher `key`/`index` is a `Just` of `value`: the owner does what a side subscribed to it
    /// would make it do (a `Just` sends its value as soon as any demand is asked for, then finishes) and
    /// returns `true`, or returns `false` having done nothing, and the caller subscribes the `Just` as any
    /// inner publisher (`switchToLatest` with no demand yet: the downstream's later request must reach it).
    @usableFromInline
    func childJust(_ value: Output, _ key: Int, _ index: Int) -> Bool { fatalError("abstract") }

    /// The inner publisher `key`/`index` completed.
    func childCompleted(_ key: Int, _ index: Int, _ completion: Subscribers.Completion<Failure>) { fatalError("abstract") }

    /// How a side of this owner describes itself (Combine's: the operator's name).
    var sideDescription: String { "side" }
}
