import ReactiveBridgePrimitives

extension ObservableType {
    /// Subscribes to the source on `scheduler`, and disposes that subscription on `scheduler` too.
    /// Events are delivered wherever the source sends them (use `observe(on:)` to move them).
    /// Same as RxSwift's `subscribe(on:)`.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        SubscribeOnProducer(source: self, scheduler: scheduler)
    }

    /// Renamed `subscribe(on:)` in RxSwift 6.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        subscribe(on: scheduler)
    }
}

final class SubscribeOnProducer<Source: ObservableType>: Producer<Source.Element>, @unchecked Sendable {
    fileprivate let source: Source
    private let scheduler: ImmediateSchedulerType

    init(source: Source, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Source.Element {
        let sink = SubscribeOnSink(observer: observer, cancel: cancel)
        if let serial = scheduler as? SerialDispatchQueueScheduler {
            let subscription = SerialSubscribeOnDisposable(producer: self, sink: sink, scheduler: serial)
            serial.scheduleUncancellable { subscription.subscribeOnScheduler() }
            return (sink, subscription)
        }
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
        return (sink, subscription)
    }
}

/// Passes events on where the source sends them, through both lanes (no `Event` built per element or for
/// the end).
final class SubscribeOnSink<Observer: ObserverType>: PassThroughElementSink<Observer>, @unchecked Sendable {
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
}

/// `subscribe(on:)`'s subscription on a `SerialDispatchQueueScheduler` (`MainScheduler` included): what the
/// general path does with a scheduled action and four disposables, in one object. It subscribes to the
/// source when the scheduler runs it, unless disposed by then, and disposes that subscription on the
/// scheduler (as `ScheduledDisposable` does). The actions are blocks the scheduler's queue runs as they
/// are (`scheduleUncancellable`): no `Disposable` or boxed state per action.
final class SerialSubscribeOnDisposable<Source: ObservableType, Observer: ObserverType>: Disposable, @unchecked Sendable
    where Source.Element == Observer.Element {
    /// Must stay the first stored property (see `InlineLockStorage`).
    private var lockStorage = InlineLockStorage()
    private let scheduler: SerialDispatchQueueScheduler
    // Guarded by the lock:
    /// The producer (for its source) and the sink, until the subscription is made (or given up): the sink
    /// holds this object as its upstream, so it is let go of here. Two class references, not an optional
    /// tuple or `Source?` (whose metadata unspecialised code would look up on every access).
    private var producer: SubscribeOnProducer<Source>?
    private var sink: SubscribeOnSink<Observer>?
    private var upstream: Disposable?
    private var disposed = false

    init(producer: SubscribeOnProducer<Source>, sink: SubscribeOnSink<Observer>, scheduler: SerialDispatchQueueScheduler) {
        self.producer = producer
        self.sink = sink
        self.scheduler = scheduler
        lock.initialize()
        assert(lock.isAt(&lockStorage), "SerialSubscribeOnDisposable: the inline lock must be the first stored property")
    }

    deinit {
        lock.destroy()
    }

    @inline(__always)
    private var lock: InlineLock { InlineLock(in: self) }

    /// The scheduled subscription, on the scheduler.
    func subscribeOnScheduler() {
        lock.lock()
        let producer = self.producer.take()
        let sink = self.sink.take()
        let skip = disposed
        lock.unlock()
        guard !skip, let producer, let sink else { return }
        let subscription = producer.source.subscribe(sink)
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
        let subscription = upstream.take()  // nil if disposed before
        lock.unlock()
        if let subscription { disposeOnScheduler(subscription) }
    }

    private func disposeOnScheduler(_ subscription: Disposable) {
        scheduler.scheduleUncancellable { subscription.dispose() }
    }
}
