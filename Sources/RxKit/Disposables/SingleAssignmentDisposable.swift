import ReactiveBridgePrimitives

/// Holds a disposable that is set exactly once, possibly after disposal was requested (then it is
/// disposed as soon as it is set). Same as RxSwift's `SingleAssignmentDisposable`.
public final class SingleAssignmentDisposable: Cancelable, @unchecked Sendable {
    private static let disposedBit = 1
    private static let assignedBit = 2

    /// Lock-free, like `SinkLink`: whichever of `setDisposable`/`dispose` comes second disposes the held
    /// disposable. The word is read and written only atomically (see `InlineWord`: it must stay the
    /// first stored property), so a single-assignment disposable is one allocation, not three.
    private var stateWord = InlineWord.sentinel
    private let resourceTracking = ResourceTracking()
    /// A `DisposableSlot`, not `Disposable?`: see there.
    @exclusivity(unchecked) private var held = DisposableSlot.empty

    /// An empty single-assignment disposable.
    public init() {
        InlineWord.initialize(self)
    }

    /// Whether it has been disposed.
    public var isDisposed: Bool { InlineWord.load(self) & Self.disposedBit != 0 }

    /// Sets the disposable. Calling this a second time is a programming error.
    public func setDisposable(_ disposable: Disposable) {
        let message = "SingleAssignmentDisposable.setDisposable(_:) was called twice. It holds exactly one disposable; use SerialDisposable to replace a disposable."
        precondition(InlineWord.load(self) & Self.assignedBit == 0, message)
        held = .holding(disposable)
        let previous = InlineWord.fetchOr(self, Self.assignedBit)
        precondition(previous & Self.assignedBit == 0, message)
        if previous & Self.disposedBit != 0 {
            held = .empty
            disposable.dispose()
        }
    }

    /// Disposes the held disposable (now, or when it is set).
    public func dispose() {
        let previous = InlineWord.fetchOr(self, Self.disposedBit)
        guard previous & Self.disposedBit == 0, previous & Self.assignedBit != 0 else { return }
        // Moved into the call: `taken?.dispose()` copies the existential first.
        if case .some(let taken) = held.take() { taken.dispose() }
    }
}
