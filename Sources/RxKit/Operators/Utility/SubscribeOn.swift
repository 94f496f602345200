import ReactiveBridgePrimitives

extension ObservableType {
    /// Subscribes to the source on `scheduler`, and disposes that subscription on `scheduler` too.
    /// Events are delivered wherever the source sends them (use `observe(on:)` to move them).
    /// Same as RxSwift's `subscribe(on:)`.
    // Inlinable: the producer is made in the caller's specialised code, with its class metadata at hand
    // instead of looked up at run time per call.
    @inlinable
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        SubscribeOnProducer(source: self, scheduler: scheduler)
    }

    /// Renamed `subscribe(on:)` in RxSwift 6.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        subscribe(on: scheduler)
    }
}

@usableFromInline
final class SubscribeOnProducer<Source: ObservableType>: Producer<Source.Element>, @unchecked Sendable {
    private let source: Source
    private let scheduler: ImmediateSchedulerType

    @usableFromInline
    init(source: Source, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Source.Element {
        let sink = SubscribeOnSink(observer: observer, cancel: cancel)
        if let serial = serialDispatchQueueScheduler(scheduler) {
            let subscription = SerialSubscribeOnDisposable(scheduler: serial)
            sink.scheduleSubscription(to: source.asObservable(), keptBy: subscription, on: serial)
            return (sink, subscription)
        }
        return (sink, scheduleSubscription(of: sink))
    }

    /// Any other scheduler: the subscription scheduled as an action, and wrapped to be disposed on
    /// `scheduler`.
    private func scheduleSubscription<Observer: ObserverType>(of sink: SubscribeOnSink<Observer>) -> Disposable
        where Observer.Element == Source.Element {
        // Holds the pending scheduled subscription, then the subscription wrapped to be disposed on `scheduler`.
        let subscription = SerialDisposable()
        let pending = SingleAssignmentDisposable()
        subscription.disposable = pending
        pending.setDisposable(scheduler.schedule((source, sink, subscription, scheduler)) { state in
            let (source, sink, subscription, scheduler) = state
            let upstream = source.subscribe(sink)
            subscription.disposable = ScheduledDisposable(scheduler: scheduler, disposable: upstream)
            return Disposables.create()
        })
        return subscription
    }
}

/// Passes events on where the source sends them, through both lanes (no `Event` built per element or for
/// the end).
final class SubscribeOnSink<Observer: ObserverType>: PassThroughElementSink<Observer>, @unchecked Sendable {
    /// On a `SerialDispatchQueueScheduler`, until the scheduled subscription runs: the source, and the
    /// object that makes and keeps the subscription to it.
    @exclusivity(unchecked) private var pendingSource: Observable<Observer.Element>?
    @exclusivity(unchecked) private var pendingSubscription: SerialSubscribeOnDisposable?

    override init(observer: Observer, cancel: SinkLink?) {
        super.init(observer: observer, cancel: cancel)
        hasTerminalLane = true
    }

    override func onTerminal(_ error: Swift.Error?) {
        if let error {
            forwardError(error)
        } else {
            forwardCompleted()
        }
    }

    /// Schedules the subscription to `source` on `scheduler`, where `subscription` makes it (unless
    /// disposed first) and keeps it. The block captures this sink alone, which is then its context: the
    /// block is the only allocation for it.
    func scheduleSubscription(to source: Observable<Observer.Element>, keptBy subscription: SerialSubscribeOnDisposable, on scheduler: SerialDispatchQueueScheduler) {
        pendingSource = source
        pendingSubscription = subscription
        scheduler.scheduleUncancellable { self.subscribeOnScheduler() }
    }

    /// The scheduled subscription, on the scheduler. The sink subscribes itself, so its type (the observer
    /// `subscribe` is generic over) is read from the object rather than looked up at run time.
    private func subscribeOnScheduler() {
        // Set before the block was scheduled; read and cleared only here.
        let source = pendingSource
        let subscription = pendingSubscription
        pendingSource = nil
        pendingSubscription = nil
        guard let source, let subscription else { return }
        subscription.subscribeOnScheduler { source.subscribe(self) }
    }
}

/// `subscribe(on:)`'s subscription on a `SerialDispatchQueueScheduler` (`MainScheduler` included): what the
/// general path does with a scheduled action and four disposables, in one object. It subscribes to the
/// source when the scheduler runs it, unless disposed by then, and disposes that subscription on the
/// scheduler (as `ScheduledDisposable` does). The actions are blocks the scheduler's queue runs as they
/// are (`scheduleUncancellable`), each capturing one object (the sink, or this), so the block is all they
/// allocate: no context, `Disposable` or boxed state per action. Not generic (the sink makes the typed
/// subscription, `subscribeOnScheduler(_:)`), so making, running and releasing it looks up no generic
/// metadata.
final class SerialSubscribeOnDisposable: Disposable, @unchecked Sendable {
    /// Must stay the first stored property (see `InlineLockStorage`).
    private var lockStorage = InlineLockStorage()
    private let scheduler: SerialDispatchQueueScheduler
    // Guarded by the lock:
    private var upstream: Disposable?
    private var disposed = false
    /// The subscription the scheduled disposal disposes: set once, before that block is scheduled, and
    /// read by it alone.
    @exclusivity(unchecked) private var disposing: Disposable?

    init(scheduler: SerialDispatchQueueScheduler) {
        self.scheduler = scheduler
        lock.initialize()
        assert(lock.isAt(&lockStorage), "SerialSubscribeOnDisposable: the inline lock must be the first stored property")
    }

    deinit {
        lock.destroy()
    }

    @inline(__always)
    private var lock: InlineLock { InlineLock(in: self) }

    /// The scheduled subscription, on the scheduler: `subscribe()` makes it, unless this was disposed first.
    func subscribeOnScheduler(_ subscribe: () -> Disposable) {
        lock.lock()
        let skip = disposed
        lock.unlock()
        if skip { return }
        let subscription = subscribe()
        lock.lock()
        if disposed {
            lock.unlock()
            disposeOnScheduler(subscription)
            return
        }
        upstream = subscription
        lock.unlock()
    }

    func dispose() {
        lock.lock()
        disposed = true
        let subscription = upstream.take()  // nil if disposed before, or not subscribed yet
        lock.unlock()
        if let subscription { disposeOnScheduler(subscription) }
    }

    /// Called at most once: `upstream` is set only if not disposed by then, and `dispose()` takes it once.
    private func disposeOnScheduler(_ subscription: Disposable) {
        disposing = subscription
        scheduler.scheduleUncancellable { self.disposeScheduled() }
    }

    private func disposeScheduled() {
        let subscription = disposing
        disposing = nil
        subscription?.dispose()
    }
}
