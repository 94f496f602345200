// `DisposableSlot` is package-wide (RxCombineBridge holds its Rx subscription in one).
import RxKit
import Testing

/// A disposable object that counts its disposals, to check identity and release.
private final class SlotProbeDisposable: Disposable {
    var disposals = 0
    func dispose() { disposals += 1 }
}

/// A holder like `SinkBase`: the slot as a stored property of a class, destroyed with it.
private final class Holder {
    var slot = DisposableSlot.empty
}

@Suite("DisposableSlot")
struct DisposableSlotTests {
    @Test func takeMovesTheHeldDisposableOutOnceAndLeavesTheSlotEmpty() {
        let disposable = SlotProbeDisposable()
        var slot = DisposableSlot.holding(disposable)
        let taken = slot.take()
        #expect((taken as? SlotProbeDisposable) === disposable)
        #expect(slot.take() == nil)
        guard case .empty = slot else {
            Issue.record("take() left the slot holding its disposable")
            return
        }
        #expect(disposable.disposals == 0)  // taking does not dispose
    }

    @Test func takeFromAnEmptySlotReturnsNil() {
        var slot = DisposableSlot.empty
        #expect(slot.isEmpty)
        #expect(slot.take() == nil)
    }

    @Test func isEmptyUntilSomethingIsHeldAndAgainOnceItIsTaken() {
        var slot = DisposableSlot.empty
        #expect(slot.isEmpty)
        slot = .holding(SlotProbeDisposable())
        #expect(!slot.isEmpty)
        _ = slot.take()
        #expect(slot.isEmpty)
    }

    @Test func aHolderThatGoesAwayReleasesWhatItsSlotHolds() {
        weak var released: SlotProbeDisposable?
        do {
            let holder = Holder()
            let disposable = SlotProbeDisposable()
            released = disposable
            holder.slot = .holding(disposable)
        }
        #expect(released == nil)
    }

    @Test func replacingTheHeldDisposableReleasesThePreviousOne() {
        weak var first: SlotProbeDisposable?
        let holder = Holder()
        do {
            let disposable = SlotProbeDisposable()
            first = disposable
            holder.slot = .holding(disposable)
        }
        let second = SlotProbeDisposable()
        holder.slot = .holding(second)
        #expect(first == nil)
        #expect((holder.slot.take() as? SlotProbeDisposable) === second)
    }

    @Test func aValueTypeDisposableIsHeldAndTakenWhole() {
        // Larger than the existential's inline buffer (three words): boxed, and still moved out whole.
        struct Wide: Disposable {
            let a: Int, b: Int, c: Int, d: Int
            func dispose() {}
        }
        var slot = DisposableSlot.holding(Wide(a: 1, b: 2, c: 3, d: 4))
        let taken = slot.take() as? Wide
        #expect(taken.map { [$0.a, $0.b, $0.c, $0.d] } == [1, 2, 3, 4])
    }
}
