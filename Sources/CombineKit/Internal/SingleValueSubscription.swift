import ReactiveBridgeAtomics

/// Delivers one value followed by `.finished`, on the first positive demand.
/// Shared by `Just`, `Optional.Publisher` and `Result.Publisher` (through `make(value:downstream:kind:)`).
///
/// Why a `ManagedBuffer` with hand-placed storage rather than a class with a `Lock` and an
/// `enum State { case waitingForDemand(Downstream), terminal }`: a `Just` inside `flatMap` or
/// `switchToLatest` creates one of these per value, in unspecialised generic code. There, the enum costs
/// a runtime metadata look-up (a hash-table probe of several hundred instructions) at each `switch`, and
/// the lock is a second heap block. Here the whole subscription is one heap block: the buffer's header
/// is an atomic word (bit 0: the subscriber was taken — delivered to or cancelled; the other bits: the
/// `Kind`, for `description`), and the tail holds the subscriber and the value. Whoever flips bit 0 with
/// a compare-exchange owns the subscriber: `request` moves it out and calls it, `cancel` releases it,
/// `deinit` releases it only if neither ran. The value stays until `deinit` (the mirror shows it).
///
/// (A `ManagedBuffer` subclass cannot have stored properties, hence the raw tail.)
@usableFromInline
internal class SingleValueSubscription<Downstream: Subscriber>: ManagedBuffer<Int, UInt8>, Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
    @usableFromInline typealias Value = Downstream.Input

    /// What publishes it (only its `description` depends on this).
    @usableFromInline
    enum Kind: Int {
        case just = 0, optional = 1, once = 2
    }

    private static var takenBit: Int { 1 }

    /// Creates the subscription of `Self` (this class or the `Never`-failing subclass).
    @usableFromInline
    static func make(value: Value, downstream: Downstream, kind: Kind) -> Self {
        // Room for both, each aligned: the tail itself is only byte-aligned.
        let bytes = MemoryLayout<Downstream>.size + MemoryLayout<Downstream>.alignment
            + MemoryLayout<Value>.size + MemoryLayout<Value>.alignment
        let buffer = create(minimumCapacity: bytes) { _ in kind.rawValue << 1 }
        let subscription = unsafeDowncast(buffer, to: Self.self)
        subscription.downstreamAddress.initialize(to: downstream)
        subscription.valueAddress.initialize(to: value)
        return subscription
    }

    deinit {
        if withUnsafeMutablePointerToHeader({ rb_atomic_load_acquire($0) }) & Self.takenBit == 0 {
            downstreamAddress.deinitialize(count: 1)
        }
        valueAddress.deinitialize(count: 1)
    }

    // The tail stays where it is for the object's lifetime, so its addresses may be kept while `self` is.
    @inline(__always)
    private var downstreamAddress: UnsafeMutablePointer<Downstream> {
        withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0) }
            .alignedUp(toMultipleOf: MemoryLayout<Downstream>.alignment)
            .assumingMemoryBound(to: Downstream.self)
    }

    @inline(__always)
    private var valueAddress: UnsafeMutablePointer<Value> {
        (UnsafeMutableRawPointer(downstreamAddress) + MemoryLayout<Downstream>.size)
            .alignedUp(toMultipleOf: MemoryLayout<Value>.alignment)
            .assumingMemoryBound(to: Value.self)
    }

    /// Sets the taken bit; returns `true` for the one caller that set it.
    @inline(__always)
    private func take() -> Bool {
        withUnsafeMutablePointerToHeader { word in
            while true {
                let current = rb_atomic_load_acquire(word)
                if current & Self.takenBit != 0 { return false }
                if rb_atomic_compare_exchange(word, current, current | Self.takenBit) { return true }
            }
        }
    }

    private var kind: Kind {
        Kind(rawValue: withUnsafeMutablePointerToHeader { rb_atomic_load_acquire($0) } >> 1) ?? .just
    }

    @usableFromInline var description: String {
        switch kind {
        case .just: "Just"
        case .optional: "Optional"
        case .once: "Once"
        }
    }
    // As Combine's Just/Optional/Once subscriptions: the value, unlabeled (the storage base class not shown).
    @usableFromInline var customMirror: Mirror {
        Mirror(self, unlabeledChildren: [valueAddress.pointee], ancestorRepresentation: .suppressed)
    }
    @usableFromInline var playgroundDescription: Any { description }

    @usableFromInline func request(_ demand: Subscribers.Demand) {
        demand.assertNonZero()
        guard take() else { return }
        let downstream = downstreamAddress.move()
        _ = downstream.receive(valueAddress.pointee)
        sendFinished(to: downstream)
    }

    /// Sends `.finished`. Overridden where the failure type is `Never`, so that the completion is built
    /// from concrete metadata (`Completion<Never>`) instead of being looked up for a generic failure.
    func sendFinished(to downstream: Downstream) {
        downstream.receive(completion: .finished)
    }

    @usableFromInline func cancel() {
        guard take() else { return }
        // Released here, with no lock held (its deinit may run arbitrary code).
        downstreamAddress.deinitialize(count: 1)
    }
}

/// `SingleValueSubscription` for subscribers that cannot fail (`Just`, `Optional.Publisher`).
@usableFromInline
internal final class NeverFailingSingleValueSubscription<Downstream: Subscriber>: SingleValueSubscription<Downstream> where Downstream.Failure == Never {
    override func sendFinished(to downstream: Downstream) {
        downstream.receive(completion: .finished)
    }
}
