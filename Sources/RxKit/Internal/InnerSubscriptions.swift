/// The per-inner bookkeeping of the flattening sinks (`flatMap`, `flatMapFirst`, `merge`, `concatMap`,
/// `concat()`, `flatMapLatest`, `switchLatest`).
///
/// Each inner sequence is subscribed with one `InnerObserver`, which is also its entry in the sink's
/// `InnerSubscriptionGroup`: no `CompositeDisposable` key, no `SingleAssignmentDisposable`. An inner that
/// terminates while it is being subscribed (`just`, `empty`, `from` of a few elements) is never linked
/// into the group: when its `subscribe` returns, `attach` sees it finished and disposes what it returned.
///
/// Everything here is non-generic except the observer's `Element`, so the group's code is specialised in
/// RxKit itself and no per-event path touches a type built from a generic parameter.

/// One inner subscription's entry in an `InnerSubscriptionGroup`. The fields marked "group" are guarded by
/// the group's lock; `isDone` belongs to the owning sink and is only touched inside its drain.
class InnerSubscription: @unchecked Sendable {
    /// Group: the inner's subscription, once attached and until finished or disposed.
    @exclusivity(unchecked) fileprivate final var subscription: Disposable?
    /// Group: finished (completed, failed, replaced or disposed); `attach` then disposes at once.
    @exclusivity(unchecked) fileprivate final var isFinished = false
    /// Group: linked into the group's list.
    @exclusivity(unchecked) fileprivate final var isLinked = false
    @exclusivity(unchecked) fileprivate final var next: InnerSubscription?
    @exclusivity(unchecked) fileprivate final unowned(unsafe) var previous: InnerSubscription?

    /// Drain: the sink has handled this inner's terminal event (or dropped the inner); later events from
    /// it are ignored.
    @exclusivity(unchecked) final var isDone = false

    init() {}
}

/// The receiving side of an `InnerObserver`: the flattening sink. Non-generic, so the observer needs no
/// type from the sink's generic parameters.
protocol InnerEventReceiver: AnyObject {
    /// `.next(element)` from `inner`; `element` points to a value of the inner sequences' `Element`.
    func innerNext(at element: UnsafeRawPointer, from inner: InnerSubscription)
    func innerError(_ error: Swift.Error, from inner: InnerSubscription)
    func innerCompleted(from inner: InnerSubscription)
}

/// How a flattening sink makes the observer for one inner sequence. The sinks take the observer type as a
/// generic parameter (fixed once per subscription), so making and subscribing an observer per inner reads
/// its type from the sink's own metadata instead of looking it up (a runtime hash-table probe per call).
protocol InnerObserverType: InnerSubscription, ObserverType {
    init(receiver: InnerEventReceiver)
}

/// Subscribed to one inner sequence; hands its events to the sink without building anything generic.
final class InnerObserver<Element>: InnerSubscription, InnerObserverType, TypedElementLane, @unchecked Sendable {
    private let receiver: InnerEventReceiver

    init(receiver: InnerEventReceiver) {
        self.receiver = receiver
    }

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

    func onNextElement(_ element: Element) {
        withUnsafePointer(to: element) { receiver.innerNext(at: UnsafeRawPointer($0), from: self) }
    }

    func onNextElement(at element: UnsafeRawPointer) {
        receiver.innerNext(at: element, from: self)
    }
}

/// The subscriptions of one flattening sink: the outer (source) subscription and the inner subscriptions
/// still running, in subscription order. Disposing it disposes the outer subscription first, then every
/// inner, and every inner attached later.
final class InnerSubscriptionGroup: Disposable, @unchecked Sendable {
    private let resourceTracking = ResourceTracking()
    private let lock = Lock()
    @exclusivity(unchecked) private var head: InnerSubscription?
    @exclusivity(unchecked) private unowned(unsafe) var tail: InnerSubscription?
    @exclusivity(unchecked) private var disposed = false
    @exclusivity(unchecked) private var outer: Disposable?
    @exclusivity(unchecked) private var outerDisposed = false
    /// The inner that `replaceCurrent` made current (switchLatest), held until replaced, cleared or disposed.
    @exclusivity(unchecked) private var current: InnerSubscription?

    init() {}

    var isDisposed: Bool { lock.withLock { disposed } }

    /// Holds the outer subscription; disposes it at once if `disposeOuter()` or `dispose()` came first.
    func setOuter(_ subscription: Disposable) {
        lock.lock()
        if outerDisposed {
            lock.unlock()
            subscription.dispose()
            return
        }
        outer = subscription
        lock.unlock()
    }

    /// Disposes the outer subscription (now, or when it is set).
    func disposeOuter() {
        lock.lock()
        outerDisposed = true
        let taken = outer
        outer = nil
        lock.unlock()
        taken?.dispose()
    }

    /// Records `subscription`, just returned by subscribing `inner`'s observer. If `inner` finished while it
    /// was being subscribed (the synchronous case) or the group is disposed, disposes `subscription` at once
    /// without linking anything.
    @inline(__always)
    func attach(_ inner: InnerSubscription, _ subscription: Disposable) {
        lock.lock()
        if inner.isFinished || disposed {
            lock.unlock()
            subscription.dispose()
            return
        }
        link(inner, subscription)
        lock.unlock()
    }

    /// Marks `inner` finished and disposes its subscription if it was attached (or, if it is still being
    /// subscribed, makes `attach` dispose it). Idempotent.
    @inline(__always)
    func finish(_ inner: InnerSubscription) {
        lock.lock()
        inner.isFinished = true
        if !inner.isLinked {
            lock.unlock()
            return
        }
        let taken = unlink(inner)
        lock.unlock()
        taken?.dispose()
    }

    /// Makes `inner` the current inner (switchLatest) and finishes the previous current one, which
    /// disposes it now or, if it is still being subscribed, as soon as it attaches. If the group is
    /// disposed, finishes `inner` instead.
    func replaceCurrent(with inner: InnerSubscription) {
        lock.lock()
        if disposed {
            inner.isFinished = true
            lock.unlock()
            return
        }
        let previous = current
        current = inner
        guard let previous else {
            lock.unlock()
            return
        }
        previous.isFinished = true
        if !previous.isLinked {
            lock.unlock()
            return
        }
        let taken = unlink(previous)
        lock.unlock()
        taken?.dispose()
    }

    /// Finishes `inner` (as `finish`) and, if it is the current inner, clears it.
    func finishCurrent(_ inner: InnerSubscription) {
        lock.lock()
        if current === inner { current = nil }
        inner.isFinished = true
        if !inner.isLinked {
            lock.unlock()
            return
        }
        let taken = unlink(inner)
        lock.unlock()
        taken?.dispose()
    }

    func dispose() {
        lock.lock()
        if disposed {
            lock.unlock()
            return
        }
        disposed = true
        outerDisposed = true
        let outerTaken = outer
        outer = nil
        // Released after the lock: it may hold the last reference to its sink.
        let currentTaken = current
        current = nil
        if head == nil {
            lock.unlock()
            outerTaken?.dispose()
            withExtendedLifetime(currentTaken) {}
            return
        }
        let taken = unlinkAll()
        lock.unlock()
        outerTaken?.dispose()
        for subscription in taken { subscription.dispose() }
        withExtendedLifetime(currentTaken) {}
    }

    // MARK: the list (under `lock`)

    private func link(_ inner: InnerSubscription, _ subscription: Disposable) {
        inner.subscription = subscription
        inner.isLinked = true
        inner.previous = tail
        if let tail {
            tail.next = inner
        } else {
            head = inner
        }
        tail = inner
    }

    private func unlink(_ inner: InnerSubscription) -> Disposable? {
        let taken = inner.subscription
        inner.subscription = nil
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
        return taken
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
            current.isFinished = true
            if let subscription = current.subscription {
                taken.append(subscription)
            }
            current.subscription = nil
        }
        return taken
    }
}
