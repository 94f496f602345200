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
final class SubscribeOnProducer<Source: ObservableType>: NodeSinkProducer<Source.Element>, @unchecked Sendable {
    private let source: Source
    private let scheduler: ImmediateSchedulerType
    /// `scheduler` when it is a `SerialDispatchQueueScheduler` (`MainScheduler` included), whose sink
    /// schedules its own blocks; found once here rather than per subscription.
    @usableFromInline
    let serialScheduler: SerialDispatchQueueScheduler?

    /// Subscribes to `source` on `scheduler`. Inlinable, so that the sink for a node observer (the next
    /// stage's sink, `subscribe(onNext:)`'s observer) is made in the caller's specialised code, where its
    /// metadata comes from a cached accessor (see `NodeSinkProducer`).
    @inlinable
    convenience init(source: Source, scheduler: ImmediateSchedulerType) {
        self.init(source: source, scheduler: scheduler) { producer, node, cancel in
            let producer = unsafeDowncast(producer, to: SubscribeOnProducer.self)
            if let serial = producer.serialScheduler {
                let sink = SerialSubscribeOnSink<NodeObserver<Source.Element>>(
                    node: node, cancel: cancel, source: producer.observableSource(), scheduler: serial)
                return producer.run(serial: sink)
            }
            return producer.run(scheduled: SubscribeOnSink<NodeObserver<Source.Element>>(node: node, cancel: cancel))
        }
    }

    /// The same, with the node observers' sinks made by `makeNodeSink`.
    @usableFromInline
    init(source: Source, scheduler: ImmediateSchedulerType, makeNodeSink: @escaping NodeSinkMaker) {
        self.source = source
        self.scheduler = scheduler
        serialScheduler = serialDispatchQueueScheduler(scheduler)
        super.init(makeNodeSink: makeNodeSink)
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Source.Element {
        if let serial = serialScheduler {
            return run(serial: SerialSubscribeOnSink(observer: observer, cancel: cancel, source: observableSource(), scheduler: serial))
        }
        return run(scheduled: SubscribeOnSink(observer: observer, cancel: cancel))
    }

    /// The source, as the serial sink subscribes to it.
    @usableFromInline
    func observableSource() -> Observable<Source.Element> {
        source.asObservable()
    }

    /// A serial dispatch-queue scheduler: the sink makes, keeps and disposes the subscription itself, so
    /// there is nothing for it to hold here.
    @usableFromInline
    func run<Observer>(serial sink: SerialSubscribeOnSink<Observer>) -> (sink: SinkBase, subscription: Disposable) {
        sink.scheduleSubscription()
        return (sink, Disposables.create())
    }

    /// Any other scheduler: the subscription scheduled as an action, and wrapped to be disposed on
    /// `scheduler`.
    @usableFromInline
    func run<Observer>(scheduled sink: SubscribeOnSink<Observer>) -> (sink: SinkBase, subscription: Disposable)
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
        return (sink, subscription)
    }
}

/// Passes events on where the source sends them, through both lanes (no `Event` built per element or for
/// the end).
@usableFromInline
class SubscribeOnSink<Observer: ObserverType>: PassThroughElementSink<Observer>, @unchecked Sendable {
    override init(observer: Observer, cancel: SinkLink?) {
        super.init(observer: observer, cancel: cancel)
        hasTerminalLane = true
    }

    /// A sink for `node`, an RxKit node with both lanes, observed through `NodeObserver` (see
    /// `NodeSinkProducer`).
    @usableFromInline
    init<Element>(node: consuming ObserverNode, cancel: consuming SinkLink?) where Observer == NodeObserver<Element> {
        let lane = LaneHandle(node: node)
        super.init(observer: NodeObserver(node: node), lane: lane, cancel: cancel)
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
/// the scheduler (as `ScheduledDisposable` does). The actions are handed to the scheduler as this sink and
/// a number (`scheduleUncancellable(_:action:)`), so they allocate nothing of their own: no block, context,
/// `Disposable` or boxed state per action (`MainScheduler` makes a block of them).
///
/// Lock-free, through the sink's state word: the scheduled subscription stores the source's subscription
/// and sets "source subscribed"; `dispose()` sets "disposed" (`SinkBase`); whichever comes second schedules
/// that subscription's disposal, so it is scheduled exactly once. The no-op disposable (what `just`, and
/// `map`/`filter` over it, return) is not stored: disposing it does nothing, on the scheduler or anywhere,
/// so no block is scheduled for it.
@usableFromInline
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

    /// A sink for `node`, an RxKit node with both lanes (see `NodeSinkProducer`).
    @usableFromInline
    init<Element>(node: ObserverNode, cancel: SinkLink?, source: Observable<Element>, scheduler: SerialDispatchQueueScheduler)
        where Observer == NodeObserver<Element> {
        self.source = source
        self.scheduler = scheduler
        super.init(node: node, cancel: cancel)
    }

    /// The two actions this sink hands to the scheduler (`runScheduledAction(_:)`).
    private static var subscribeAction: Int { 0 }
    private static var disposeSourceAction: Int { 1 }

    func scheduleSubscription() {
        scheduler.scheduleUncancellable(self, action: Self.subscribeAction)
    }

    override func runScheduledAction(_ action: Int) {
        if action == Self.subscribeAction {
            subscribeOnScheduler()
        } else {
            disposeSourceSubscription()
        }
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
        scheduler.scheduleUncancellable(self, action: Self.disposeSourceAction)
    }

    private func disposeSourceSubscription() {
        sourceSubscription.take()?.dispose()
    }
}
