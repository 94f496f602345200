import ReactiveBridgeAtomics

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The per-inner bookkeeping of the flattening sinks (`flatMap`, `flatMapFirst`, `merge`, `concatMap`,
/// `concat()`, `flatMapLatest`, `switchLatest`).
///
/// Each inner sequence is subscribed with one `InnerObserver`, which is also its entry in the sink's
/// `InnerSubscriptionGroup`: no `CompositeDisposable` key, no `SingleAssignmentDisposable`.
///
/// The sinks subscribe every inner sequence from inside their `SerialDrain`, with an `InlineDelivery`
/// marking the draining thread for the length of the `subscribe` call (a `just` is not subscribed at all,
/// see `FlatteningSink.deliverIfJust`). Events the inner sends on that thread during its own subscription
/// (`empty`, `from`, `create`…) are then handled at once, as if queued and drained, but with no lock, no
/// queued message and no `Event`: the draining thread is blocked in `subscribe`, not delivering, so
/// nothing else can be running the sink's state. The mark is cleared while the sink calls downstream, so
/// a re-entrant event caused by the downstream observer is queued as before (trampolined, never nested).
/// An inner that terminates during its own subscription is never linked into the group: its subscription
/// is disposed as soon as `subscribe` returns.
///
/// Everything here is non-generic except the observer's `Element`, so the group's code is specialised in
/// RxKit itself and no per-event path touches a type built from a generic parameter.

/// One inner subscription's entry in an `InnerSubscriptionGroup`. The fields marked "group" are guarded by
/// the group's lock; the ones marked "drain" belong to the owning sink and are only touched inside its
/// drain.
@usableFromInline
class InnerSubscription: ObserverNode, @unchecked Sendable {
    /// Group: the inner's subscription, once attached and until finished or disposed.
    /// (A `DisposableSlot`, not `Disposable?`: see there.)
    @exclusivity(unchecked) fileprivate final var subscription = DisposableSlot.empty
    /// Group: linked into the group's list (or held as its current inner).
    @exclusivity(unchecked) fileprivate final var isLinked = false
    @exclusivity(unchecked) fileprivate final var next: InnerSubscription?
    @exclusivity(unchecked) fileprivate final unowned(unsafe) var previous: InnerSubscription?

    /// Drain: the sink has handled this inner's terminal event; later events from it are ignored.
    @exclusivity(unchecked) final var isDone = false
    /// Drain: handed to the group with `attach`/`attachCurrent` (so finishing it must go through the group).
    @exclusivity(unchecked) final var isAttached = false

    override init() {
        super.init()
        dropsSubscriptionOnDispose = true  // the group drops the inner's subscription (`finish`, `dispose`)
    }
}

/// The receiving side of an `InnerObserver`: the flattening sink. Non-generic, so the observer needs no
/// type from the sink's generic parameters.
@usableFromInline
protocol InnerEventReceiver: AnyObject {
    /// `.next(element)` from `inner`; `element` points to a value of the inner sequences' `Element`.
    func innerNext(at element: UnsafeRawPointer, from inner: InnerSubscription)
    func innerError(_ error: Swift.Error, from inner: InnerSubscription)
    func innerCompleted(from inner: InnerSubscription)
}

extension InnerEventReceiver {
    /// `innerNext(at:from:)` for a typed pointer (see `ElementLane.onNextElement(typed:)`).
    @inline(__always)
    func innerNext<Element>(typed element: UnsafePointer<Element>, from inner: InnerSubscription) {
        innerNext(at: UnsafeRawPointer(element), from: inner)
    }
}

/// How a flattening sink makes the observer for one inner sequence. The sinks take the observer type as a
/// generic parameter (fixed once per subscription), so making and subscribing an observer per inner reads
/// its type from the sink's own metadata instead of looking it up (a runtime hash-table probe per call).
@usableFromInline
protocol InnerObserverType: InnerSubscription, ObserverType {
    init(receiver: InnerEventReceiver)
}

/// Subscribed to one inner sequence; hands its events to the sink without building anything generic.
@usableFromInline
final class InnerObserver<Element>: InnerSubscription, InnerObserverType, @unchecked Sendable {
    private let receiver: InnerEventReceiver

    @usableFromInline
    init(receiver: InnerEventReceiver) {
        self.receiver = receiver
        super.init()
        hasElementLane = true  // found by the inner sequence's sink with a class cast (`LaneHandle(of:)`)
        hasTerminalLane = true
    }

    @usableFromInline
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNextElement(element)
        case .error(let error):
            receiver.innerError(error, from: self)
        case .completed:
            receiver.innerCompleted(from: self)
        }
    }

    override func onTerminal(_ error: Swift.Error?) {
        if let error {
            receiver.innerError(error, from: self)
        } else {
            receiver.innerCompleted(from: self)
        }
    }

    func onNextElement(_ element: Element) {
        var value = element  // `&value`, not `withUnsafePointer(to:)`: see `ElementLane.send`
        receiver.innerNext(typed: &value, from: self)
    }

    override func onNextElement(at element: UnsafeRawPointer) {
        receiver.innerNext(at: element, from: self)
    }
}

/// The subscriptions of one flattening sink: the outer (source) subscription and the inner subscriptions
/// still running — a list in subscription order (merge) or one current inner (switch). Disposing it
/// disposes the outer subscription first, then every inner, and every inner attached later.
///
/// `attach`, `finish`, `attachCurrent` and `finishCurrent` are called only from inside the owning sink's
/// drain; `dispose` may come from any thread, hence the lock. The group is the sink's drain (and so its
/// lock, see `BoxedSerialDrain`): its sections below are short and never call out while holding it.
final class InnerSubscriptionGroup: BoxedSerialDrain, Disposable, @unchecked Sendable {
    private let resourceTracking = ResourceTracking()
    @exclusivity(unchecked) private var head: InnerSubscription?
    @exclusivity(unchecked) private unowned(unsafe) var tail: InnerSubscription?
    @exclusivity(unchecked) private var disposed = false
    /// A `DisposableSlot`, not `Disposable?`: see there.
    @exclusivity(unchecked) private var outer = DisposableSlot.empty
    @exclusivity(unchecked) private var outerDisposed = false
    /// The current inner of a switch, with its subscription in `subscription`.
    @exclusivity(unchecked) private var current: InnerSubscription?

    override init() {
        super.init()
    }

    var isDisposed: Bool { withLock { disposed } }

    /// Holds the outer subscription; disposes it at once if `disposeOuter()` or `dispose()` came first.
    /// `consuming`, so the subscription is moved in, not copied and then destroyed by the caller.
    func setOuter(_ subscription: consuming Disposable) {
        lock()
        if outerDisposed {
            unlock()
            subscription.dispose()
            return
        }
        outer = .holding(subscription)
        unlock()
    }

    /// Disposes the outer subscription (now, or when it is set).
    func disposeOuter() {
        lock()
        outerDisposed = true
        let taken = outer.take()
        unlock()
        if case .some(let taken) = consume taken { taken.dispose() }  // moved: `?.dispose()` copies first
    }

    // MARK: merge: a list

    /// Links `inner`, whose `subscribe` just returned `subscription` and which has not terminated, into the
    /// list; disposes `subscription` at once if the group is disposed.
    func attach(_ inner: InnerSubscription, _ subscription: Disposable) {
        lock()
        if disposed {
            unlock()
            subscription.dispose()
            return
        }
        inner.subscription = .holding(subscription)
        inner.isLinked = true
        inner.previous = tail
        if let tail {
            tail.next = inner
        } else {
            head = inner
        }
        tail = inner
        unlock()
    }

    /// Unlinks an attached `inner` and disposes its subscription (nothing if `dispose` took it already).
    func finish(_ inner: InnerSubscription) {
        lock()
        if !inner.isLinked {
            unlock()
            return
        }
        let taken = inner.subscription.take()
        inner.isLinked = false
        if let previous = inner.previous {
            previous.next = inner.next
        } else {
            head = inner.next
        }
        if let next = inner.next {
            next.previous = inner.previous
        } else {
            tail = inner.previous
        }
        inner.next = nil
        inner.previous = nil
        unlock()
        if case .some(let taken) = consume taken { taken.dispose() }  // moved: `?.dispose()` copies first
    }

    // MARK: switch: one current inner

    /// Holds `inner`, whose `subscribe` just returned `subscription` and which has not terminated, as the
    /// current inner; disposes `subscription` at once if the group is disposed. The previous current inner
    /// must have been finished (`finishCurrent`).
    func attachCurrent(_ inner: InnerSubscription, _ subscription: Disposable) {
        lock()
        if disposed {
            unlock()
            subscription.dispose()
            return
        }
        inner.subscription = .holding(subscription)
        inner.isLinked = true
        current = inner
        unlock()
    }

    /// Releases the current inner and disposes its subscription.
    func finishCurrent() {
        lock()
        guard let taken = current else {
            unlock()
            return
        }
        current = nil
        let subscription = taken.subscription.take()
        taken.isLinked = false
        unlock()
        if case .some(let subscription) = consume subscription { subscription.dispose() }  // moved, not copied
        withExtendedLifetime(taken) {}  // its last reference may be the one to its sink: drop it unlocked
    }

    // MARK: disposal

    func dispose() {
        lock()
        if disposed {
            unlock()
            return
        }
        disposed = true
        outerDisposed = true
        // The subscriptions are moved out and disposed through `if case .some(let …) = consume …`:
        // `optional?.dispose()` copies the existential first, and each copy and destroy of a
        // `Disposable?` is a call through the runtime's value witnesses.
        let outerTaken = outer.take()
        let currentTaken = current.take()
        let currentSubscription = currentTaken?.subscription.take()
        currentTaken?.isLinked = false
        if head == nil {
            unlock()
            if case .some(let outerTaken) = consume outerTaken { outerTaken.dispose() }
            if case .some(let currentSubscription) = consume currentSubscription { currentSubscription.dispose() }
            withExtendedLifetime(currentTaken) {}
            return
        }
        let taken = unlinkAll()
        unlock()
        if case .some(let outerTaken) = consume outerTaken { outerTaken.dispose() }
        for subscription in taken { subscription.dispose() }
    }

    @inline(never)
    private func unlinkAll() -> [Disposable] {
        var taken: [Disposable] = []
        var node = head
        head = nil
        tail = nil
        while let current = node {
            node = current.next
            current.next = nil
            current.previous = nil
            current.isLinked = false
            if let subscription = current.subscription.take() {
                taken.append(subscription)
            }
        }
        return taken
    }
}

/// Marks the thread that is subscribing an inner sequence from inside a sink's drain (see the top of this
/// file). Set and cleared only by the draining thread; read by any thread an inner event arrives on.
///
/// The word is the spare head word of the sink's `InnerSubscriptionGroup` (a `BoxedSerialDrain`, whose head
/// word is free after `init`, see `BoxedSerialDrain.spareWord`): no allocation of its own. The sink holds
/// the group for as long as it uses this.
struct InlineDelivery {
    private let storage: UnsafeMutablePointer<Int>

    init(in group: InnerSubscriptionGroup) {
        storage = group.spareWord
        storage.pointee = 0
    }

    /// The calling thread's token (never 0).
    @inline(__always)
    static var currentThread: Int {
        #if canImport(Glibc)
        return Int(bitPattern: UInt(pthread_self()))
        #else
        return Int(bitPattern: pthread_self())
        #endif
    }

    /// Whether the calling thread is the one subscribing inline right now.
    @inline(__always)
    var isCurrentThread: Bool {
        rb_atomic_load_acquire(storage) == InlineDelivery.currentThread
    }

    @inline(__always)
    func begin(_ thread: Int) {
        rb_atomic_store_release(storage, thread)
    }

    @inline(__always)
    func end() {
        rb_atomic_store_release(storage, 0)
    }
}
