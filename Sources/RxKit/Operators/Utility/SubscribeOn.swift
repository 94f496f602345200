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
        if let serial = serialDispatchQueueScheduler(scheduler) {
            // The sink makes, keeps and disposes the subscription itself: nothing for it to hold here.
            let sink = SerialSubscribeOnSink(observer: observer, cancel: cancel, source: source.asObservable(), scheduler: serial)
            sink.scheduleSubscription()
            return (sink, Disposables.create())
        }
        let sink = SubscribeOnSink(observer: observer, cancel: cancel)
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
class SubscribeOnSink<Observer: ObserverType>: PassThroughElementSink<Observer>, @unchecked Sendable {
    override init(observer: Observer, cancel: SinkLink?) {
        super.init(observer: observer, cancel: cancel)
        hasTerminalLane = true
    }

    override final func onTerminal(_ error: Swift.Error?) {
        if let error {
            forwardError(error)
        } else {
            forwardCompleted()
        }
    }
}

/// `subscribe(on:)`'s sink on a `SerialDispatchQueueScheduler` (`MainScheduler` included): it also does what
/// the general path does with a scheduled action and four disposables. It subscribes itself to the source
/// when the scheduler runs that, unless it was disposed by then, and disposes the source's subscription on
/// the scheduler (as `ScheduledDisposable` does). The actions are blocks the scheduler's queue runs as they
/// are (`scheduleUncancellable`), each capturing this sink alone, so the block is all they allocate: no
/// context, `Disposable` or boxed state per action.
///
/// Lock-free, through the sink's state word: the scheduled subscription stores the source's subscription
/// and sets "source subscribed"; `dispose()` sets "disposed" (`SinkBase`); whichever comes second schedules
/// that subscription's disposal, so it is scheduled exactly once. The no-op disposable (what `just`, and
/// `map`/`filter` over it, return) is not stored: disposing it does nothing, on the scheduler or anywhere,
/// so no block is scheduled for it.
final class SerialSubscribeOnSink<Observer: ObserverType>: SubscribeOnSink<Observer>, @unchecked Sendable {
    /// In the sink's state word, the first bit above `SinkBase`'s flags (`SinkBase.flagBits`):
    /// `sourceSubscription` is stored.
    private static var sourceSubscribedBit: Int { 8 }

    /// Kept for the sink's life, as RxSwift's sink keeps its producer: a `let`, where an optional taken by
    /// the scheduled subscription would look up the generic metadata of `Observable<Element>?` per call.
    private let source: Observable<Observer.Element>
    private let scheduler: SerialDispatchQueueScheduler
    /// Written by the scheduled subscription before it sets "source subscribed"; read by the scheduled
    /// disposal alone, which whoever sets the second of the two bits schedules.
    @exclusivity(unchecked) private var sourceSubscription = DisposableSlot.empty

    init(observer: Observer, cancel: SinkLink?, source: Observable<Observer.Element>, scheduler: SerialDispatchQueueScheduler) {
        self.source = source
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
        assert(Self.sourceSubscribedBit & SinkBase.flagBits == 0, "SerialSubscribeOnSink: its bit must lie above SinkBase.flagBits")
    }

    func scheduleSubscription() {
        scheduler.scheduleUncancellable { self.subscribeOnScheduler() }
    }

    /// The scheduled subscription, on the scheduler. The sink subscribes itself, so its type (the observer
    /// `subscribe` is generic over) is read from the object rather than looked up at run time.
    private func subscribeOnScheduler() {
        // Runs once (one block is scheduled): disposed by then means never subscribed.
        if sinkIsDisposed { return }
        let subscription = source.subscribe(self)
        // The no-op disposable needs no disposal, so no block for it (a metatype comparison, not a cast).
        if type(of: subscription) == NopDisposable.self { return }
        sourceSubscription = .holding(subscription)
        let previous = InlineWord.fetchOr(self, Self.sourceSubscribedBit)
        if previous & SinkBase.disposedBit != 0 {
            // Disposed meanwhile (or the source ended while it was being subscribed to): left to us.
            scheduleSourceDisposal()
        }
    }

    override func dispose() {
        guard let previous = closeForDisposal() else { return }
        if previous & Self.sourceSubscribedBit != 0 { scheduleSourceDisposal() }
        finishDisposal(previous)
    }

    private func scheduleSourceDisposal() {
        scheduler.scheduleUncancellable { self.disposeSourceSubscription() }
    }

    private func disposeSourceSubscription() {
        sourceSubscription.take()?.dispose()
    }
}
