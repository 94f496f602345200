import CombineKit
import ReactiveBridgePrimitives
import RxKit

/// The seam object: an Rx observer upstream, a Combine subscription downstream.
///
/// One thread at a time delivers to the subscriber (the `deliveringBit`); a `request` or an Rx event
/// that arrives meanwhile — from another thread or re-entrantly from inside `receive(_:)` — only
/// updates the state, and the delivering thread picks it up. No lock is held while calling out.
///
/// The common case — unlimited demand, nothing held, not finished — takes no lock: the state word has
/// `unlimitedBit` (demand is `.unlimited`, which never changes back), `blockedBit` (finished, a pending
/// completion, held elements, or no subscriber: anything that needs the lock) and `deliveringBit`. An
/// element is delivered with a compare-exchange `unlimitedBit` → `unlimitedBit | deliveringBit`, the
/// call (on the subscriber in its slot), and the reverse compare-exchange; the first fails whenever the
/// lock is needed, the second when something changed meanwhile (the deliverer then settles under the
/// lock). Everything else runs under `lock` as before, setting `deliveringBit` with a compare-exchange
/// too, and updates `blockedBit` after every change (`refreshBlockedLocked`). While `deliveringBit` is
/// set only its holder touches the subscriber's slot: `cancel` sets `blockedBit` first and then leaves
/// the release of the subscriber to the delivering thread.
///
/// The subscriber's `receive(subscription:)` counts as a delivery (`deliveringBit` from the start), with
/// one exception (`nestableBit`): the subscribing thread itself may deliver meanwhile — what its `request`
/// from inside that call brings about, such as a synchronous source (`Observable.from`, `just`) running to
/// completion during `subscribe` — nested, at once, as Combine's own synchronous publishers (`Just`,
/// `Publishers.Sequence`) deliver inside the first `request`. Nested deliveries do not nest further, and
/// another thread's elements arriving meanwhile are held, as before.
///
/// It is an RxKit observer node (`ObserverNode`): RxKit's subjects and sinks call its element and
/// terminal lanes through an unretained reference, as they call RxKit's own observers — through the
/// `ElementLane` existential instead, each element cost a retain and a release. The state word is the
/// node's (the first word of the object, reached through `InlineWord`), and so is the lock
/// (`LockingObserverNode`: the mutex inside the object, one allocation fewer per subscription). Being a
/// node with its lane flags set, it needs no `TypedElementLane` conformance (RxKit finds node lanes by class
/// cast); without a conformance to that internal protocol the class can be `@usableFromInline`, so `ObservablePublisher`'s
/// inlinable `receive(subscriber:)` makes it in the caller's specialised code, its metadata at hand (about
/// 1,400 instructions less per build on Rx→Combine R2, with `PublishRelay.init` inlinable).
///
/// `Element` is a generic parameter of its own (equal to `Downstream.Input`): read from the class's
/// metadata, where `Downstream.Input` is an associated-type look-up (a runtime call) in unspecialised code,
/// on every element.
@usableFromInline
final class ObservableSubscription<Element, Downstream: Subscriber>: LockingObserverNode, Subscription, ObserverType, CustomStringConvertible, @unchecked Sendable
    where Downstream.Input == Element, Downstream.Failure: Swift.Error {

    static var deliveringBit: Int { 1 }
    static var unlimitedBit: Int { 2 }
    static var blockedBit: Int { 4 }
    /// Set while the subscribing thread is inside the subscriber's `receive(subscription:)` (holding
    /// `deliveringBit` for it) and not inside a delivery of its own: that thread may deliver, nested.
    static var nestableBit: Int { 8 }

    // Everything below is guarded by `lock`, so the compiler's dynamic exclusivity checks are off. The
    // per-element path touches no type built from a generic parameter (`Downstream?`, `[Element]`,
    // `Completion<…>?`): in unspecialised code each costs a runtime metadata look-up per element.
    /// Where the subscriber lives when it fits (up to four words: any class, and most structs), by
    /// address: it must stay the first stored property (`LockingObserverNode._firstSubclassPropertyAddress`).
    /// Holds `roomPattern` in its first and last words until `init` checks them there. One heap block fewer
    /// per subscription.
    var subscriberRoom: (Int, Int, Int, Int) = (ObservableSubscription.roomPattern, 0, 0, ObservableSubscription.roomPattern)
    static var roomPattern: Int { 0x5EED_B41D_6E0F_F1CE }
    /// The node's own mutex (`LockingObserverNode`: no `Lock` object per subscription).
    var lock: MutexReference { nodeLock }
    @exclusivity(unchecked) var source: Observable<Element>?
    let bufferPolicy: BridgeBufferPolicy
    let mapError: (Swift.Error) -> Downstream.Failure
    /// The subscriber's heap block, when it does not fit in `subscriberRoom`; `nil` when it does.
    let subscriberBlock: UnsafeMutablePointer<Downstream>?
    /// The subscriber, initialised while `hasDownstream`: in `subscriberRoom` or `subscriberBlock`. Set
    /// once, in `init` (the room's address only once `self` is formed).
    @exclusivity(unchecked) var downstreamSlot: UnsafeMutablePointer<Downstream>
    @exclusivity(unchecked) var hasDownstream = true
    @exclusivity(unchecked) var demand = Subscribers.Demand.none
    /// Elements held beyond demand: a ring of `ringCapacity` slots at `ring` (nothing allocated while
    /// the capacity is 0), the oldest at slot `ringHead`, `heldCount` of them. Raw memory rather than an
    /// `[Element]`, whose metadata unspecialised code would look up on every element held (a synchronous
    /// source, e.g. `Observable.from`, holds every element while the subscriber is still inside
    /// `receive(subscription:)`).
    @exclusivity(unchecked) var ring: UnsafeMutableRawPointer?
    @exclusivity(unchecked) var ringCapacity = 0
    @exclusivity(unchecked) var ringHead = 0
    @exclusivity(unchecked) var heldCount = 0
    /// The completion waiting behind held elements, boxed (`PendingCompletion`): a stored
    /// `Completion<Failure>?` cost a metadata look-up in `init`, `cancel`, `deinit` and every drain (R4
    /// Rx→Combine: four per subscription, ~1,300 instructions).
    @exclusivity(unchecked) var pendingCompletionBox: AnyObject?
    /// `pendingCompletionBox != nil`.
    @exclusivity(unchecked) var hasPendingCompletion = false
    @exclusivity(unchecked) var finished = false  // cancelled, or the terminal event was delivered
    /// The Rx subscription, once `request` has it and until it is disposed; `upstreamDisposed` once it was
    /// disposed or asked to be (then `setUpstream` disposes one that arrives late, as a
    /// `SingleAssignmentDisposable` would, without being an object of its own). Guarded by `lock`.
    /// A `DisposableSlot`, not `Disposable?`: destroying that costs a runtime call even when it is `nil`.
    @exclusivity(unchecked) var upstream = DisposableSlot.empty
    /// The Rx subscription instead, when the source took this subscription as a node (a subject's or a
    /// share's, `Observable._subscribe(node:)`): kept as itself, a plain struct, with no existential to
    /// fill, move and destroy through value witnesses.
    @exclusivity(unchecked) var nodeUpstream: SubjectSubscription?
    @exclusivity(unchecked) var upstreamDisposed = false
    /// The thread that calls the subscriber's `receive(subscription:)` (the one creating this object).
    let subscribingThread: Int

    @usableFromInline
    init(source: Observable<Element>, bufferPolicy: BridgeBufferPolicy, mapError: @escaping (Swift.Error) -> Downstream.Failure, downstream: Downstream) {
        if case .bounded(let capacity, _) = bufferPolicy {
            precondition(capacity > 0, "BridgeBufferPolicy.bounded needs a capacity of at least 1 (got \(capacity)); use .unbounded to never drop.")
        }
        self.source = consume source
        self.bufferPolicy = bufferPolicy
        self.mapError = consume mapError
        let fitsInRoom = MemoryLayout<Downstream>.size <= 4 * MemoryLayout<Int>.size
            && MemoryLayout<Downstream>.alignment <= MemoryLayout<Int>.alignment
        if fitsInRoom {
            subscriberBlock = nil
            // A placeholder until the room's address can be asked, below: never dereferenced.
            downstreamSlot = UnsafeMutablePointer(bitPattern: MemoryLayout<Downstream>.alignment).unsafelyUnwrapped
        } else {
            let block = UnsafeMutablePointer<Downstream>.allocate(capacity: 1)
            subscriberBlock = block
            downstreamSlot = block
        }
        subscribingThread = currentThreadIdentity()
        super.init(elementLane: true, terminalLane: true, _PackageOnly())  // zeroes the node's state word
        if fitsInRoom {
            let room = _firstSubclassPropertyAddress
            precondition(room.load(as: Int.self) == Self.roomPattern
                         && room.load(fromByteOffset: 3 * MemoryLayout<Int>.size, as: Int.self) == Self.roomPattern,
                         "ObservableSubscription: the subscriber's room is not the first stored property (did the stored properties change?)")
            downstreamSlot = room.bindMemory(to: Downstream.self, capacity: 1)
        }
        // Moved in, as `source` and `mapError` above: a copy, and then destroying the parameter, would each
        // go through value witnesses or a retain/release in this unspecialised code, on every subscription.
        downstreamSlot.initialize(to: consume downstream)
        // Delivering from the start: the subscriber is inside `receive(subscription:)` until
        // `subscriptionDelivered()` (Combine serialises that call with the values too: an Rx source on
        // another thread must not deliver while it runs). Nestable: what the subscriber's own `request`
        // brings about on this thread meanwhile — a synchronous source's elements and completion — is
        // delivered at once, inside that `request`, as Combine's `Publishers.Sequence` and `Just` do.
        InlineWord.store(self, Self.deliveringBit | Self.nestableBit)
    }

    deinit {
        if hasDownstream { downstreamSlot.deinitialize(count: 1) }
        subscriberBlock?.deallocate()
        discardHeldLocked()
    }


    @usableFromInline
    var description: String { "ObservableBridge" }

    /// Detaches the subscriber (call with `lock` held and `hasDownstream` true): nobody touches its slot
    /// afterwards but the caller, who destroys it with `destroyDetachedDownstream()` once the lock is
    /// released (its deinit may run arbitrary code). No `Downstream?` is ever built: in unspecialised code
    /// its metadata costs a look-up (~325 instructions) each time (R2 Rx→Combine: four per subscription).
    func detachDownstreamLocked() {
        hasDownstream = false
    }

    /// Destroys the subscriber detached by `detachDownstreamLocked()`. Call without the lock.
    func destroyDetachedDownstream() {
        downstreamSlot.deinitialize(count: 1)
    }

    // MARK: Subscription

    @usableFromInline
    func request(_ newDemand: Subscribers.Demand) {
        precondition(newDemand > 0, "request(_:): demand must be greater than zero; to request nothing, don't call request(_:)")
        lock.lock()
        if finished {
            lock.unlock()
            return
        }
        demand += newDemand
        if demand == .unlimited { _ = InlineWord.fetchOr(self, Self.unlimitedBit) }
        let sourceToSubscribe = source
        source = nil
        lock.unlock()
        if let sourceToSubscribe {
            // Lazy: the Rx source is subscribed on the first demand only. As a node where the source
            // takes one (a publish subject, a share): no `ObserverType` conformance look-up.
            if let subscription = sourceToSubscribe._subscribe(node: self) {
                setUpstreamAndDrain(node: subscription)
            } else {
                setUpstreamAndDrain(sourceToSubscribe.subscribe(self))
            }
        } else {
            drain()
        }
    }

    @usableFromInline
    func cancel() {
        lock.lock()
        if finished {
            lock.unlock()
            return
        }
        finished = true
        source = nil
        discardHeldLocked()
        pendingCompletionBox = nil
        hasPendingCompletion = false
        // `blockedBit` first: after it no lock-free delivery can start, so if none is running now the
        // slot is free to take; if one is, its thread takes the subscriber out when it ends.
        refreshBlockedLocked()
        let released = hasDownstream && !isDeliveringLocked
        if released { detachDownstreamLocked() }
        // Taken in the same critical section (one lock round trip fewer per cancel than `disposeUpstream()`).
        var upstream = DisposableSlot.empty
        var nodeUpstream: SubjectSubscription?
        takeUpstreamLocked(into: &upstream, &nodeUpstream)
        lock.unlock()
        if released { destroyDetachedDownstream() }  // outside the lock
        nodeUpstream?.dispose()
        if case .holding(let disposable) = consume upstream { disposable.dispose() }
    }

    /// Keeps the Rx subscription, or disposes it at once if it was to be disposed already (the source ended
    /// during `subscribe`, or the subscriber cancelled meanwhile); then `drain()`, in the same critical
    /// section when it can (one lock round trip fewer per subscription).
    func setUpstreamAndDrain(_ disposable: consuming Disposable) {
        guard lockUnlessUpstreamDisposed() else {
            disposable.dispose()
            drain()
            return
        }
        upstream = .holding(disposable)
        drainLocked()
    }

    /// `setUpstreamAndDrain(_:)` for the subscription of a source that took this one as a node.
    func setUpstreamAndDrain(node subscription: consuming SubjectSubscription) {
        guard lockUnlessUpstreamDisposed() else {
            subscription.dispose()
            drain()
            return
        }
        nodeUpstream = subscription
        drainLocked()
    }

    /// Takes the lock and returns true, unless the Rx subscription was to be disposed already: then
    /// returns false, the lock released, for the caller to dispose the one it has.
    @inline(__always)
    func lockUnlessUpstreamDisposed() -> Bool {
        lock.lock()
        if upstreamDisposed {
            lock.unlock()
            return false
        }
        return true
    }

    /// Disposes the Rx subscription, once (later, if `request` does not have it yet).
    func disposeUpstream() {
        lock.lock()
        var disposable = DisposableSlot.empty
        var nodeSubscription: SubjectSubscription?
        takeUpstreamLocked(into: &disposable, &nodeSubscription)
        lock.unlock()
        nodeSubscription?.dispose()
        if case .holding(let taken) = consume disposable { taken.dispose() }
    }

    /// Marks the Rx subscription disposed and moves it, if held, into `taken` or `takenNode` (which must be
    /// empty), for the caller to dispose with no lock held — `taken` by
    /// `if case .holding(let d) = consume taken { d.dispose() }`. Moved all the way: a returned `Disposable?`,
    /// or `taken?.dispose()`, was copied before its `dispose()` (a copy and a destroy through the value
    /// witnesses of what the existential holds, ~240 instructions per subscription).
    @inline(__always)
    func takeUpstreamLocked(into taken: inout DisposableSlot, _ takenNode: inout SubjectSubscription?) {
        upstreamDisposed = true
        swap(&taken, &upstream)
        swap(&takenNode, &nodeUpstream)
    }

    /// Called once the subscriber's `receive(subscription:)` returned: delivers what arrived meanwhile.
    @usableFromInline
    func subscriptionDelivered() {
        // Nothing needs the lock (`blockedBit` clear: nothing held, no completion waiting, not finished):
        // end the delivery with one compare-exchange. A thread that holds an element or a completion
        // meanwhile sets `blockedBit` first (under the lock), which fails the exchange; one that does so
        // after it finds `deliveringBit` clear and delivers itself.
        let word = InlineWord.load(self)
        if word & Self.blockedBit == 0,
           InlineWord.compareExchange(self, expected: word, desired: word & ~(Self.deliveringBit | Self.nestableBit)) {
            return
        }
        lock.lock()
        // Only the subscribing thread (this one) changes `nestableBit`, and it is not delivering now.
        if InlineWord.load(self) & Self.nestableBit != 0 { _ = InlineWord.fetchAdd(self, -Self.nestableBit) }
        let released = endDeliveringLocked()
        lock.unlock()
        if released { destroyDetachedDownstream() }
        drain()
    }

    // MARK: The Rx side's lanes (overrides stay in the class: an extension cannot override)

    override func onNextElement(at element: UnsafeRawPointer) {
        onNextElement(element.assumingMemoryBound(to: Element.self).pointee)
    }

    override func onTerminal(_ error: Swift.Error?) {
        if let error {
            complete(.failure(mapError(error)))
        } else {
            complete(.finished)
        }
    }
}

/// A completion kept by `ObservableSubscription` until the held elements are delivered, boxed so the
/// subscription stores a plain `AnyObject?` (see `pendingCompletionBox`).
final class PendingCompletion<Failure: Swift.Error> {
    let completion: Subscribers.Completion<Failure>
    init(_ completion: Subscribers.Completion<Failure>) { self.completion = completion }
}
