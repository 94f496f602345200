import ReactiveBridgePrimitives
import CombineKit
@_spi(ReactiveBridgeInternals) import RxKit

extension ObservableConvertibleType {
    /// This sequence as a Combine-style publisher. Same idea as RxCombine's `asPublisher()`, without its
    /// data loss:
    /// - subscribes to the Rx source lazily, on the subscriber's first demand;
    /// - delivers at most what was demanded, holding the excess per `bufferPolicy`; a source that emits
    ///   during `subscribe` delivers inside the subscriber's first `request`, as `Publishers.Sequence` does;
    /// - the terminal event waits behind held elements, so nothing is dropped at completion or error;
    /// - cancelling disposes the Rx subscription, exactly once.
    ///
    /// ```swift
    /// let rates: AnyPublisher<Rates, Error> = service.rates().asPublisher()
    /// ```
    ///
    /// Returns the concrete `ObservablePublisher`, as Combine's operators return theirs: operators chained on
    /// it subscribe to it directly, in the caller's specialised code. Where an `AnyPublisher` is expected
    /// (`let p: AnyPublisher<Rates, Error> = …`, a function's return), the erased overload below is chosen,
    /// so code written against RxCombine's `AnyPublisher`-returning `asPublisher()` compiles unchanged.
    // Inlinable (as those below): the publisher, and for the erased overloads the erasure's closure for `sink`
    // (see CombineKit's `AnyPublisher`), are then made in the caller's specialised code.
    @inlinable
    public func asPublisher(bufferPolicy: BridgeBufferPolicy = .unbounded) -> ObservablePublisher<Element, Swift.Error> {
        ObservablePublisher(source: asObservable(), bufferPolicy: bufferPolicy, mapError: { $0 })
    }

    /// `asPublisher(bufferPolicy:)`, erased: chosen where an `AnyPublisher` is expected. Operators chained
    /// on an erased publisher subscribe through the erasure, which costs more per subscription (see
    /// Benchmarks/README.md) than on the concrete one.
    @_disfavoredOverload
    @inlinable
    public func asPublisher(bufferPolicy: BridgeBufferPolicy = .unbounded) -> AnyPublisher<Element, Swift.Error> {
        ObservablePublisher(source: asObservable(), bufferPolicy: bufferPolicy, mapError: { $0 }).eraseToAnyPublisher()
    }

    /// This sequence as a publisher with a typed failure: `mapError` turns each Rx error (untyped) into
    /// `Failure`. The bridge never traps on an error it cannot type.
    ///
    /// ```swift
    /// let rates = service.rates().asPublisher(failureType: ServiceError.self) { ServiceError($0) }
    /// ```
    @inlinable
    public func asPublisher<Failure: Swift.Error>(
        failureType: Failure.Type,
        bufferPolicy: BridgeBufferPolicy = .unbounded,
        mapError: @escaping (Swift.Error) -> Failure
    ) -> ObservablePublisher<Element, Failure> {
        ObservablePublisher(source: asObservable(), bufferPolicy: bufferPolicy, mapError: mapError)
    }

    /// `asPublisher(failureType:bufferPolicy:mapError:)`, erased: chosen where an `AnyPublisher` is expected.
    @_disfavoredOverload
    @inlinable
    public func asPublisher<Failure: Swift.Error>(
        failureType: Failure.Type,
        bufferPolicy: BridgeBufferPolicy = .unbounded,
        mapError: @escaping (Swift.Error) -> Failure
    ) -> AnyPublisher<Element, Failure> {
        ObservablePublisher(source: asObservable(), bufferPolicy: bufferPolicy, mapError: mapError).eraseToAnyPublisher()
    }

    /// `asPublisher()`: this sequence as `AnyPublisher<Element, Error>`.
    ///
    /// ```swift
    /// service.rates().publisher.sink(receiveCompletion: { _ in }, receiveValue: render)
    /// ```
    @inlinable
    public var publisher: AnyPublisher<Element, Swift.Error> {
        ObservablePublisher(source: asObservable(), bufferPolicy: .unbounded, mapError: { $0 }).eraseToAnyPublisher()
    }
}

/// The publisher behind `asPublisher()`: one `ObservableSubscription` per subscriber.
///
/// ```swift
/// let publisher: AnyPublisher<Int, Error> = Observable.of(1, 2, 3).asPublisher()
/// ```
public struct ObservablePublisher<Output, Failure: Swift.Error>: Publisher {
    @usableFromInline let source: Observable<Output>
    @usableFromInline let bufferPolicy: BridgeBufferPolicy
    @usableFromInline let mapError: (Swift.Error) -> Failure

    @usableFromInline
    init(source: Observable<Output>, bufferPolicy: BridgeBufferPolicy, mapError: @escaping (Swift.Error) -> Failure) {
        self.source = source
        self.bufferPolicy = bufferPolicy
        self.mapError = mapError
    }

    // Inlinable: the subscription is then made in the caller's specialised code (`asPublisher()` is
    // inlinable, and so is the erasure's closure), with its metadata at hand instead of looked up at run
    // time on every subscription.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let subscription = ObservableSubscription<Output, S>(source: source, bufferPolicy: bufferPolicy, mapError: mapError, downstream: subscriber)
        subscriber.receive(subscription: subscription)
        subscription.subscriptionDelivered()
    }
}

extension ObservablePublisher: @unchecked Sendable {}

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
/// It is an RxKit observer node (`ObserverNode`, SPI): RxKit's subjects and sinks call its element and
/// terminal lanes through an unretained reference, as they call RxKit's own observers — through the
/// `ElementLane` existential instead, each element cost a retain and a release. The state word is the
/// node's (the first word of the object, reached through `InlineWord`), and so is the lock
/// (`LockingObserverNode`: the mutex inside the object, one allocation fewer per subscription). Being a
/// node with its lane flags set, it needs no `TypedElementLane` conformance (RxKit finds node lanes by class
/// cast); without that SPI conformance the class can be `@usableFromInline`, so `ObservablePublisher`'s
/// inlinable `receive(subscriber:)` makes it in the caller's specialised code, its metadata at hand (R2
/// Rx→Combine 9,435 → 8,018 instructions per build, with `PublishRelay.init` inlinable).
///
/// `Element` is a generic parameter of its own (equal to `Downstream.Input`): read from the class's
/// metadata, where `Downstream.Input` is an associated-type look-up (a runtime call) in unspecialised code,
/// on every element.
@usableFromInline
final class ObservableSubscription<Element, Downstream: Subscriber>: LockingObserverNode, Subscription, ObserverType, CustomStringConvertible, @unchecked Sendable
    where Downstream.Input == Element, Downstream.Failure: Swift.Error {

    private static var deliveringBit: Int { 1 }
    private static var unlimitedBit: Int { 2 }
    private static var blockedBit: Int { 4 }
    /// Set while the subscribing thread is inside the subscriber's `receive(subscription:)` (holding
    /// `deliveringBit` for it) and not inside a delivery of its own: that thread may deliver, nested.
    private static var nestableBit: Int { 8 }

    // Everything below is guarded by `lock`, so the compiler's dynamic exclusivity checks are off. The
    // per-element path touches no type built from a generic parameter (`Downstream?`, `[Element]`,
    // `Completion<…>?`): in unspecialised code each costs a runtime metadata look-up per element.
    /// Where the subscriber lives when it fits (up to four words: any class, and most structs), by
    /// address: it must stay the first stored property (`LockingObserverNode._firstSubclassPropertyAddress`).
    /// Holds `roomPattern` in its first and last words until `init` checks them there. One heap block fewer
    /// per subscription.
    private var subscriberRoom: (Int, Int, Int, Int) = (ObservableSubscription.roomPattern, 0, 0, ObservableSubscription.roomPattern)
    private static var roomPattern: Int { 0x5EED_B41D_6E0F_F1CE }
    /// The node's own mutex (`LockingObserverNode`: no `Lock` object per subscription).
    private var lock: MutexReference { nodeLock }
    @exclusivity(unchecked) private var source: Observable<Element>?
    private let bufferPolicy: BridgeBufferPolicy
    private let mapError: (Swift.Error) -> Downstream.Failure
    /// The subscriber's heap block, when it does not fit in `subscriberRoom`; `nil` when it does.
    private let subscriberBlock: UnsafeMutablePointer<Downstream>?
    /// The subscriber, initialised while `hasDownstream`: in `subscriberRoom` or `subscriberBlock`. Set
    /// once, in `init` (the room's address only once `self` is formed).
    @exclusivity(unchecked) private var downstreamSlot: UnsafeMutablePointer<Downstream>
    @exclusivity(unchecked) private var hasDownstream = true
    @exclusivity(unchecked) private var demand = Subscribers.Demand.none
    /// Elements held beyond demand: a ring of `ringCapacity` slots at `ring` (nothing allocated while
    /// the capacity is 0), the oldest at slot `ringHead`, `heldCount` of them. Raw memory rather than an
    /// `[Element]`, whose metadata unspecialised code would look up on every element held (a synchronous
    /// source, e.g. `Observable.from`, holds every element while the subscriber is still inside
    /// `receive(subscription:)`).
    @exclusivity(unchecked) private var ring: UnsafeMutableRawPointer?
    @exclusivity(unchecked) private var ringCapacity = 0
    @exclusivity(unchecked) private var ringHead = 0
    @exclusivity(unchecked) private var heldCount = 0
    /// The completion waiting behind held elements, boxed (`PendingCompletion`): a stored
    /// `Completion<Failure>?` cost a metadata look-up in `init`, `cancel`, `deinit` and every drain (R4
    /// Rx→Combine: four per subscription, ~1,300 instructions).
    @exclusivity(unchecked) private var pendingCompletionBox: AnyObject?
    /// `pendingCompletionBox != nil`.
    @exclusivity(unchecked) private var hasPendingCompletion = false
    @exclusivity(unchecked) private var finished = false  // cancelled, or the terminal event was delivered
    /// The Rx subscription, once `request` has it and until it is disposed; `upstreamDisposed` once it was
    /// disposed or asked to be (then `setUpstream` disposes one that arrives late, as a
    /// `SingleAssignmentDisposable` would, without being an object of its own). Guarded by `lock`.
    /// A `DisposableSlot`, not `Disposable?`: destroying that costs a runtime call even when it is `nil`.
    @exclusivity(unchecked) private var upstream = DisposableSlot.empty
    /// The Rx subscription instead, when the source took this subscription as a node (a subject's or a
    /// share's, `Observable._subscribe(node:)`): kept as itself, a plain struct, with no existential to
    /// fill, move and destroy through value witnesses.
    @exclusivity(unchecked) private var nodeUpstream: SubjectSubscription?
    @exclusivity(unchecked) private var upstreamDisposed = false
    /// The thread that calls the subscriber's `receive(subscription:)` (the one creating this object).
    private let subscribingThread: Int

    @usableFromInline
    init(source: Observable<Element>, bufferPolicy: BridgeBufferPolicy, mapError: @escaping (Swift.Error) -> Downstream.Failure, downstream: Downstream) {
        if case .bounded(let capacity, _) = bufferPolicy {
            precondition(capacity > 0, "BridgeBufferPolicy.bounded needs a capacity of at least 1 (got \(capacity)); use .unbounded to never drop.")
        }
        self.source = source
        self.bufferPolicy = bufferPolicy
        self.mapError = mapError
        let fitsInRoom = MemoryLayout<Downstream>.size <= 4 * MemoryLayout<Int>.size
            && MemoryLayout<Downstream>.alignment <= MemoryLayout<Int>.alignment
        if fitsInRoom {
            subscriberBlock = nil
            // A placeholder until the room's address can be asked, below: never dereferenced.
            downstreamSlot = UnsafeMutablePointer(bitPattern: MemoryLayout<Downstream>.alignment).unsafelyUnwrapped
        } else {
            let block = UnsafeMutablePointer<Downstream>.allocate(capacity: 1)
            block.initialize(to: downstream)
            subscriberBlock = block
            downstreamSlot = block
        }
        subscribingThread = currentThreadIdentity()
        super.init(elementLane: true, terminalLane: true)  // zeroes the node's state word
        if fitsInRoom {
            let room = _firstSubclassPropertyAddress
            precondition(room.load(as: Int.self) == Self.roomPattern
                         && room.load(fromByteOffset: 3 * MemoryLayout<Int>.size, as: Int.self) == Self.roomPattern,
                         "ObservableSubscription: the subscriber's room is not the first stored property (did the stored properties change?)")
            downstreamSlot = room.bindMemory(to: Downstream.self, capacity: 1)
            downstreamSlot.initialize(to: downstream)
        }
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

    // MARK: Held elements (all with `lock` held)

    /// Slot `index` of the ring (0 ..< ringCapacity).
    @inline(__always)
    private func slot(_ index: Int) -> UnsafeMutablePointer<Element> {
        ring.unsafelyUnwrapped.assumingMemoryBound(to: Element.self) + index
    }

    /// Appends `element` after the newest held one.
    private func pushHeldLocked(_ element: Element) {
        if heldCount == ringCapacity { growRingLocked() }
        var index = ringHead + heldCount
        if index >= ringCapacity { index -= ringCapacity }
        slot(index).initialize(to: element)
        heldCount += 1
    }

    /// Takes out the oldest held element (there must be one).
    private func popHeldLocked() -> Element {
        let element = slot(ringHead).move()
        ringHead += 1
        if ringHead == ringCapacity { ringHead = 0 }
        heldCount -= 1
        return element
    }

    /// Doubles the ring (16 slots at first), moving the held elements to its start in order.
    @inline(never)
    private func growRingLocked() {
        let capacity = max(16, ringCapacity * 2)
        let grown = UnsafeMutableRawPointer.allocate(
            byteCount: capacity * MemoryLayout<Element>.stride, alignment: MemoryLayout<Element>.alignment)
        let target = grown.assumingMemoryBound(to: Element.self)
        if let ring {
            let first = min(heldCount, ringCapacity - ringHead)
            target.moveInitialize(from: slot(ringHead), count: first)
            (target + first).moveInitialize(from: slot(0), count: heldCount - first)
            ring.deallocate()
        }
        ring = grown
        ringCapacity = capacity
        ringHead = 0
    }

    /// Destroys the held elements and frees the ring. Inline, so that a subscription that never held one (the
    /// ring is made for the first) pays a test, not a call (R2 Rx→Combine: two per subscription).
    @inline(__always)
    private func discardHeldLocked() {
        if ring != nil { discardRingLocked() }
    }

    @inline(never)
    private func discardRingLocked() {
        while heldCount > 0 { _ = popHeldLocked() }
        ring?.deallocate()
        ring = nil
        ringCapacity = 0
        ringHead = 0
    }

    @usableFromInline
    var description: String { "ObservableBridge" }

    /// Detaches the subscriber (call with `lock` held and `hasDownstream` true): nobody touches its slot
    /// afterwards but the caller, who destroys it with `destroyDetachedDownstream()` once the lock is
    /// released (its deinit may run arbitrary code). No `Downstream?` is ever built: in unspecialised code
    /// its metadata costs a look-up (~325 instructions) each time (R2 Rx→Combine: four per subscription).
    private func detachDownstreamLocked() {
        hasDownstream = false
    }

    /// Destroys the subscriber detached by `detachDownstreamLocked()`. Call without the lock.
    private func destroyDetachedDownstream() {
        downstreamSlot.deinitialize(count: 1)
    }

    // MARK: The state word (all with `lock` held)

    private var isDeliveringLocked: Bool { InlineWord.load(self) & Self.deliveringBit != 0 }

    /// Sets `deliveringBit` unless it is set (by another thread, or the lock-free path); returns whether
    /// this call set it.
    private func beginDeliveringLocked() -> Bool {
        while true {
            let word = InlineWord.load(self)
            if word & Self.deliveringBit != 0 { return false }
            if InlineWord.compareExchange(self, expected: word, desired: word | Self.deliveringBit) { return true }
        }
    }

    /// Whether the calling thread may deliver nested: it is the subscribing thread, inside the subscriber's
    /// `receive(subscription:)` and not inside a delivery. If so, clears `nestableBit` (nested deliveries
    /// do not nest further) for `endNestedLocked` to restore.
    private func takeNestableLocked() -> Bool {
        guard InlineWord.load(self) & Self.nestableBit != 0, currentThreadIdentity() == subscribingThread else { return false }
        _ = InlineWord.fetchAdd(self, -Self.nestableBit)
        return true
    }

    /// Ends a nested delivery: `nestableBit` back (unless finished: nothing more is delivered) and
    /// `blockedBit` up to date. `deliveringBit` stays: `subscriptionDelivered` clears it.
    private func endNestedLocked() {
        if !finished { _ = InlineWord.fetchOr(self, Self.nestableBit) }
        refreshBlockedLocked()
    }

    /// Clears `deliveringBit` (held by the caller) and brings `blockedBit` up to date. If the
    /// subscription was cancelled during the delivery, the subscriber is detached and this returns
    /// `true`: the caller then destroys it with `destroyDetachedDownstream()` once the lock is released
    /// (`cancel` leaves that to the delivering thread).
    private func endDeliveringLocked() -> Bool {
        let released = finished && hasDownstream
        if released { detachDownstreamLocked() }
        refreshBlockedLocked()
        _ = InlineWord.fetchAdd(self, -Self.deliveringBit)
        return released
    }

    /// Sets `blockedBit` if anything needs the lock (finished, a pending completion, held elements, no
    /// subscriber), clears it otherwise.
    private func refreshBlockedLocked() {
        let blocked = finished || hasPendingCompletion || heldCount > 0 || !hasDownstream
        while true {
            let word = InlineWord.load(self)
            let desired = blocked ? word | Self.blockedBit : word & ~Self.blockedBit
            if desired == word || InlineWord.compareExchange(self, expected: word, desired: desired) { return }
        }
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
    private func setUpstreamAndDrain(_ disposable: consuming Disposable) {
        guard lockUnlessUpstreamDisposed() else {
            disposable.dispose()
            drain()
            return
        }
        upstream = .holding(disposable)
        drainLocked()
    }

    /// `setUpstreamAndDrain(_:)` for the subscription of a source that took this one as a node.
    private func setUpstreamAndDrain(node subscription: consuming SubjectSubscription) {
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
    private func lockUnlessUpstreamDisposed() -> Bool {
        lock.lock()
        if upstreamDisposed {
            lock.unlock()
            return false
        }
        return true
    }

    /// Disposes the Rx subscription, once (later, if `request` does not have it yet).
    private func disposeUpstream() {
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
    private func takeUpstreamLocked(into taken: inout DisposableSlot, _ takenNode: inout SubjectSubscription?) {
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

    // MARK: ObserverType (the Rx side)

    @usableFromInline
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNextElement(element)
        case .error(let error):
            complete(.failure(mapError(error)))
        case .completed:
            complete(.finished)
        }
    }

    /// Same as `on(.next(element))`.
    /// Inlined into `onNextElement(at:)`, the lane RxKit's subjects and sinks call: one frame per element.
    @inline(__always)
    func onNextElement(_ element: Element) {
        if InlineWord.compareExchange(self, expected: Self.unlimitedBit, desired: Self.unlimitedBit | Self.deliveringBit) {
            // Lock-free: unlimited demand, nothing held, not finished, nobody delivering. The returned
            // demand is irrelevant (`.unlimited` plus anything is `.unlimited`).
            _ = Self.call(&downstreamSlot.pointee, with: element)
            if InlineWord.compareExchange(self, expected: Self.unlimitedBit | Self.deliveringBit, desired: Self.unlimitedBit) { return }
            endContendedDelivery()
            return
        }
        if InlineWord.load(self) == Self.unlimitedBit | Self.deliveringBit | Self.nestableBit,
           currentThreadIdentity() == subscribingThread,
           InlineWord.compareExchange(self, expected: Self.unlimitedBit | Self.deliveringBit | Self.nestableBit, desired: Self.unlimitedBit | Self.deliveringBit) {
            // A synchronous source emitting inside the subscriber's `request` from `receive(subscription:)`,
            // unlimited demand, nothing held: delivered nested, lock-free.
            _ = Self.call(&downstreamSlot.pointee, with: element)
            if InlineWord.compareExchange(self, expected: Self.unlimitedBit | Self.deliveringBit, desired: Self.unlimitedBit | Self.deliveringBit | Self.nestableBit) { return }
            lock.lock()
            drainDeliveringLocked(nested: true)
            return
        }
        onNextElementLocking(element)
    }

    /// Calls the subscriber in place: passing the storage `inout` lets the call borrow it, where
    /// `downstreamSlot.pointee.receive(element)` copies the subscriber (a retain and a release per
    /// element; CombineKit's `DemandBuffer` does the same).
    @inline(__always)
    private static func call(_ downstream: inout Downstream, with element: Element) -> Subscribers.Demand {
        downstream.receive(element)
    }

    /// `onNextElement` when the lock-free path is closed. Out of line: its `Downstream?` would otherwise
    /// cost a metadata look-up on the lock-free path too.
    @inline(never)
    private func onNextElementLocking(_ element: Element) {
        lock.lock()
        if finished || hasPendingCompletion {
            lock.unlock()
            return
        }
        if heldCount == 0 && demand > 0 && hasDownstream && beginDeliveringLocked() {
            deliverDirectlyLocked(element)
            return
        }
        hold(element)
        refreshBlockedLocked()
        lock.unlock()
        drain()
    }

    /// Demand is waiting and nothing is held (this thread holds `deliveringBit`): hands the element
    /// straight over. Called with the lock held; returns with it released. Out of line, so holding an
    /// element (the other branch) pays no `Downstream?` metadata look-up.
    @inline(never)
    private func deliverDirectlyLocked(_ element: Element) {
        demand -= 1
        let downstream = downstreamSlot.pointee
        lock.unlock()
        let more = downstream.receive(element)
        lock.lock()
        addDemandLocked(more)
        let released = endDeliveringLocked()
        let moreWork = heldCount > 0 || hasPendingCompletion
        lock.unlock()
        if released { destroyDetachedDownstream() }
        if moreWork { drain() }
    }

    /// The end of a lock-free delivery whose closing compare-exchange failed: something changed while
    /// the subscriber ran (an element held, a completion, a cancel). Settles under the lock and drains.
    @inline(never)
    private func endContendedDelivery() {
        lock.lock()
        let released = endDeliveringLocked()
        let stopped = finished
        lock.unlock()
        if released { destroyDetachedDownstream() }
        if !stopped { drain() }
    }

    /// Adds demand returned by the subscriber. Call with `lock` held.
    private func addDemandLocked(_ more: Subscribers.Demand) {
        demand += more
        if demand == .unlimited { _ = InlineWord.fetchOr(self, Self.unlimitedBit) }
    }

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

    private func complete(_ completion: Subscribers.Completion<Downstream.Failure>) {
        lock.lock()
        if finished || hasPendingCompletion {
            lock.unlock()
            return
        }
        pendingCompletionBox = PendingCompletion(completion)
        hasPendingCompletion = true
        refreshBlockedLocked()
        lock.unlock()
        drain()
    }

    /// Holds an element beyond demand, applying the buffer policy. Called with the lock held.
    private func hold(_ element: Element) {
        switch bufferPolicy {
        case .unbounded:
            pushHeldLocked(element)
        case .bounded(let capacity, let strategy):
            if heldCount < capacity {
                pushHeldLocked(element)
                return
            }
            switch strategy {
            case .dropNewest:
                return
            case .dropOldest:
                _ = popHeldLocked()
                pushHeldLocked(element)
            case .fail:
                failOnOverflowLocked(capacity: capacity)
            }
        }
    }

    /// `.bounded(_, .fail)` overflowed: stops the source; the held elements are still delivered before
    /// the failure. Out of line: the `Completion` it builds would cost a metadata look-up on every `hold`.
    @inline(never)
    private func failOnOverflowLocked(capacity: Int) {
        pendingCompletionBox = PendingCompletion<Downstream.Failure>(.failure(mapError(BridgeBufferOverflow(capacity: capacity))))
        hasPendingCompletion = true
        var upstream = DisposableSlot.empty
        var nodeUpstream: SubjectSubscription?
        takeUpstreamLocked(into: &upstream, &nodeUpstream)
        lock.unlock()
        nodeUpstream?.dispose()
        if case .holding(let disposable) = consume upstream { disposable.dispose() }
        lock.lock()
    }

    /// Sends the boxed completion. Out of line: the `Completion` metadata it needs is looked up only here.
    @inline(never)
    private static func deliverCompletion(_ box: AnyObject, to downstream: Downstream) {
        downstream.receive(completion: unsafeDowncast(box, to: PendingCompletion<Downstream.Failure>.self).completion)
    }

    /// Delivers held elements while there is demand, then the terminal event once nothing is held.
    private func drain() {
        lock.lock()
        drainLocked()
    }

    /// `drain()` with the lock held; returns with it released.
    private func drainLocked() {
        // Nothing held and no completion waiting (every subscription's `request` and
        // `subscriptionDelivered` with an asynchronous source): nothing to deliver, and `blockedBit` is
        // already up to date (whoever changes what it reflects refreshes it).
        if finished || !hasDownstream || (heldCount == 0 && !hasPendingCompletion) {
            lock.unlock()
            return
        }
        if beginDeliveringLocked() {
            drainDeliveringLocked(nested: false)
        } else if takeNestableLocked() {
            drainDeliveringLocked(nested: true)
        } else {
            lock.unlock()
        }
    }

    /// `drain` once this thread holds `deliveringBit`, or delivers nested inside `receive(subscription:)`
    /// (`nested`: `takeNestableLocked`). Called with the lock held; returns with it released. Out of
    /// line: its `Downstream?` and `Completion?` would otherwise cost metadata look-ups on every `drain`
    /// that finds another thread delivering.
    @inline(never)
    private func drainDeliveringLocked(nested: Bool) {
        // The subscriber is called in its slot, not copied out first (a value-witness copy and destroy of
        // it per drain, most of which deliver nothing): while this thread delivers, nobody else touches
        // the slot (see the type's comment).
        while true {
            if finished { break }
            if heldCount > 0 && demand > 0 {
                let element = popHeldLocked()
                demand -= 1
                lock.unlock()
                let more = Self.call(&downstreamSlot.pointee, with: element)
                lock.lock()
                addDemandLocked(more)
                continue
            }
            if heldCount == 0, hasPendingCompletion, let box = pendingCompletionBox {
                finished = true
                detachDownstreamLocked()
                refreshBlockedLocked()  // `deliveringBit` stays set: nothing is delivered after this
                // (nested, `subscriptionDelivered` clears it; `nestableBit` stays clear)
                lock.unlock()
                // Moved out: the slot is empty from here, and the subscriber lives on for the call below.
                let downstream = downstreamSlot.move()
                Self.deliverCompletion(box, to: downstream)
                disposeUpstream()
                return
            }
            break
        }
        if nested {
            // A cancel meanwhile left the subscriber in its slot: `subscriptionDelivered` releases it.
            endNestedLocked()
            lock.unlock()
            return
        }
        let released = endDeliveringLocked()
        lock.unlock()
        if released { destroyDetachedDownstream() }
    }
}

/// A completion kept by `ObservableSubscription` until the held elements are delivered, boxed so the
/// subscription stores a plain `AnyObject?` (see `pendingCompletionBox`).
private final class PendingCompletion<Failure: Swift.Error> {
    let completion: Subscribers.Completion<Failure>
    init(_ completion: Subscribers.Completion<Failure>) { self.completion = completion }
}
