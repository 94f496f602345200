/// The per-inner bookkeeping of the flattening sinks (`flatMap`, `flatMapFirst`, `merge`, `concatMap`,
/// `concat()`, `flatMapLatest`, `switchLatest`).
///
/// Each inner sequence is subscribed with one `InnerObserver`, which is also its entry in the sink's
/// inners (`FlatteningSink.innerHead`…, below): no `CompositeDisposable` key, no
/// `SingleAssignmentDisposable`, no object for the group.
///
/// The sinks subscribe every inner sequence from inside their drain, with the draining thread marked
/// (`FlatteningSink.beginInlineSubscribe()`) for the length of the `subscribe` call (a `just` is not subscribed at all,
/// see `FlatteningSink.deliverIfJust`). Events the inner sends on that thread during its own subscription
/// (`empty`, `from`, `create`…) are then handled at once, as if queued and drained, but with no lock, no
/// queued message and no `Event`: the draining thread is blocked in `subscribe`, not delivering, so
/// nothing else can be running the sink's state. The mark is cleared while the sink calls downstream, so
/// a re-entrant event caused by the downstream observer is queued as before (trampolined, never nested).
/// An inner that terminates during its own subscription is never linked into the sink's inners: its
/// subscription is disposed as soon as `subscribe` returns.
///
/// The inners' bookkeeping is non-generic (an inner's entry, the list through the entries): no per-event
/// or per-inner path touches a type built from a generic parameter.

/// One inner subscription's entry in its flattening sink's inners. The fields marked "group" are guarded
/// by the sink's lock (`FlatteningSink.lock()`); the ones marked "drain" belong to the sink and are only
/// touched inside its drain.
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
    /// Drain: handed to the sink's inners with `attach`/`attachCurrent` (so finishing it must go through
    /// them).
    @exclusivity(unchecked) final var isAttached = false

    override init() {
        super.init()
        dropsSubscriptionOnDispose = true  // the sink drops the inner's subscription (`finish`, `dispose`)
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

/// The running inners of one flattening sink: a list in subscription order (merge) or one current inner
/// (switch), each holding its subscription. Disposing the sink disposes every inner, and every inner
/// attached later (`disposeInners()`).
///
/// `attach`, `finish`, `attachCurrent` and `finishCurrent` are called only from inside the sink's drain;
/// `disposeInners` may come from any thread, hence the lock (the drain's: its sections here are short
/// and never call out while holding it).
extension FlatteningSink {
    // MARK: merge: a list

    /// Links `inner`, whose `subscribe` just returned `subscription` and which has not terminated, into the
    /// list; disposes `subscription` at once if the sink is disposed.
    final func attach(_ inner: InnerSubscription, _ subscription: Disposable) {
        lock()
        if innersDisposed {
            unlock()
            subscription.dispose()
            return
        }
        inner.subscription = .holding(subscription)
        inner.isLinked = true
        inner.previous = innerTail
        if let tail = innerTail {
            tail.next = inner
        } else {
            innerHead = inner
        }
        innerTail = inner
        unlock()
    }

    /// Unlinks an attached `inner` and disposes its subscription (nothing if `dispose` took it already).
    final func finish(_ inner: InnerSubscription) {
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
            innerHead = inner.next
        }
        if let next = inner.next {
            next.previous = inner.previous
        } else {
            innerTail = inner.previous
        }
        inner.next = nil
        inner.previous = nil
        unlock()
        if case .some(let taken) = consume taken { taken.dispose() }  // moved: `?.dispose()` copies first
    }

    // MARK: switch: one current inner

    /// Holds `inner`, whose `subscribe` just returned `subscription` and which has not terminated, as the
    /// current inner; disposes `subscription` at once if the sink is disposed. The previous current inner
    /// must have been finished (`finishCurrent`).
    final func attachCurrent(_ inner: InnerSubscription, _ subscription: Disposable) {
        lock()
        if innersDisposed {
            unlock()
            subscription.dispose()
            return
        }
        inner.subscription = .holding(subscription)
        inner.isLinked = true
        currentInner = inner
        unlock()
    }

    /// Releases the current inner and disposes its subscription.
    final func finishCurrent() {
        lock()
        guard let taken = currentInner else {
            unlock()
            return
        }
        currentInner = nil
        let subscription = taken.subscription.take()
        taken.isLinked = false
        unlock()
        if case .some(let subscription) = consume subscription { subscription.dispose() }  // moved, not copied
        withExtendedLifetime(taken) {}  // its last reference may be the one to its sink: drop it unlocked
    }

    // MARK: disposal

    /// Disposes every inner's subscription, and from now on each inner's as it is attached. Part of the
    /// sink's `dispose()`, once.
    final func disposeInners() {
        lock()
        innersDisposed = true
        if innerHead == nil && currentInner == nil {
            // None running (every inner ended, or was a `just`): the common case of a finished sequence.
            unlock()
            return
        }
        // The subscriptions are moved out and disposed through `if case .some(let …) = consume …`:
        // `optional?.dispose()` copies the existential first, and each copy and destroy of a
        // `Disposable?` is a call through the runtime's value witnesses.
        let currentTaken = currentInner.take()
        let currentSubscription = currentTaken?.subscription.take()
        currentTaken?.isLinked = false
        if innerHead == nil {
            unlock()
            if case .some(let currentSubscription) = consume currentSubscription { currentSubscription.dispose() }
            withExtendedLifetime(currentTaken) {}
            return
        }
        let taken = unlinkAll()
        unlock()
        for subscription in taken { subscription.dispose() }
    }

    @inline(never)
    private final func unlinkAll() -> [Disposable] {
        var taken: [Disposable] = []
        var node = innerHead
        innerHead = nil
        innerTail = nil
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
