import ReactiveBridgePrimitives

extension ObservableType {
    /// Delivers every event on `scheduler`, one scheduled hop per event, in order. Subscription and
    /// disposal are not moved (use `subscribe(on:)` for that). Same as RxSwift's `observe(on:)`.
    @inlinable  // the producer is made in the caller's specialised code (no metadata look-up per call)
    public func observe(on scheduler: ImmediateSchedulerType) -> Observable<Element> {
        ObserveOnProducer(source: asObservable(), scheduler: scheduler)
    }

    /// Renamed `observe(on:)` in RxSwift 6.
    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(_ scheduler: ImmediateSchedulerType) -> Observable<Element> {
        observe(on: scheduler)
    }
}

@usableFromInline
final class ObserveOnProducer<Element>: Producer<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let scheduler: ImmediateSchedulerType

    @usableFromInline
    init(source: Observable<Element>, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        if let serial = serialDispatchQueueScheduler(scheduler) {
            // As RxSwift does: a serial queue (and the main scheduler) keeps the order by itself, so each
            // event is one plain `schedule` call — which `MainScheduler` runs inline when already on the
            // main queue with nothing waiting (a Driver fed from the main thread).
            let sink = ObserveOnSerialSink(scheduler: serial, observer: observer, cancel: cancel)
            let subscription = source.subscribe(node: sink)
            return (sink, subscription)
        }
        let sink = ObserveOnSink(scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink, subscription)
    }
}

/// `observe(on:)` for a `SerialDispatchQueueScheduler` (including `MainScheduler`): schedules each event
/// on its own; the scheduler's serial queue keeps them in order and never runs two at once, and
/// `MainScheduler` runs one inline only when nothing it scheduled is still waiting. No recursion state,
/// and no allocation per event when the scheduler runs it inline. Elements that hop go through a
/// `QueueHandOff` (made at the first hop): one queue item each, with no allocation but the queue's own.
final class ObserveOnSerialSink<Observer: ObserverType>: ElementSink<Observer.Element, Observer>, QueueHandOffReceiver, @unchecked Sendable {
    private let scheduler: SerialDispatchQueueScheduler
    /// Made and read only by the sender (the source, which never sends concurrently).
    @exclusivity(unchecked) private var handOff: QueueHandOff<ObserveOnSerialSink>?

    init(scheduler: SerialDispatchQueueScheduler, observer: Observer, cancel: SinkLink?) {
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
        hasTerminalLane = true
    }

    override func on(_ event: Event<Element>) {
        if case .next(let element) = event {
            onNextElement(element)
            return
        }
        if isDisposed { return }
        scheduler.scheduleUncancellable { [self] in deliver(event) }
    }

    /// The source's end through the terminal lane: scheduled as `on(.completed)` / `on(.error(_:))` are
    /// (with both lanes this sink is one of the nodes a bridged Combine source feeds through its own sink:
    /// `asDriver` on a publisher).
    override func onTerminal(_ error: Swift.Error?) {
        on(error.map { .error($0) } ?? .completed)
    }

    override func onNextElement(_ element: Element) {
        var value = element  // `&value`, not `withUnsafePointer(to:)`: see `ElementLane.send`
        onNextElement(typed: &value)
    }

    private func onNextElement(typed element: UnsafePointer<Element>) {
        onNextElement(at: UnsafeRawPointer(element))
    }

    /// `onNextElement` when the scheduler would not run the element inline: out of line, so the inline
    /// path builds no closure.
    @inline(never)
    private func scheduleNext(_ element: Element) {
        let handOff = self.handOff ?? QueueHandOff(receiver: self)
        self.handOff = handOff
        scheduler.dispatchHandOffItem(handOff.item(for: element))
    }

    /// An element's queue item, on the scheduler.
    @usableFromInline
    func receiveHandedOff(_ element: Element) {
        forwardNext(element)
        scheduler.handOffItemRan()
    }

    override func onNextElement(at element: UnsafeRawPointer) {
        // Run inline, the element is passed on by address (no copy, see `Sink.forwardNext(at:)`); it is
        // copied only to be scheduled.
        if isDisposed { return }
        if scheduler.runInlineIfScheduleWould({ forwardNext(at: element) }) { return }
        scheduleNext(element.assumingMemoryBound(to: Element.self).pointee)
    }

    private func deliver(_ event: Event<Element>) {
        if event.isStopEvent {
            forwardTerminal(event)
        } else {
            forwardOn(event)
        }
    }
}

/// Queues upstream events and delivers them from `scheduler`, one per scheduled run; at most one
/// delivery run is active, so the observer is never called concurrently.
final class ObserveOnSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element

    private let scheduler: ImmediateSchedulerType
    private let lock = Lock()
    // Under `lock`, with nothing called out while an access lasts (run-time exclusivity checks off):
    @exclusivity(unchecked) private var queue: [Event<Element>] = []
    @exclusivity(unchecked) private var head = 0
    @exclusivity(unchecked) private var running = false
    @exclusivity(unchecked) private var upstreamStopped = false
    @exclusivity(unchecked) private var runID = 0
    /// A `DisposableSlot`, not `Disposable?`: see there.
    @exclusivity(unchecked) private var currentRun = DisposableSlot.empty

    init(scheduler: ImmediateSchedulerType, observer: Observer, cancel: SinkLink?) {
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        lock.lock()
        if upstreamStopped {
            lock.unlock()
            return
        }
        if event.isStopEvent { upstreamStopped = true }
        queue.append(event)
        let start = !running
        if start {
            running = true
            runID &+= 1
        }
        let id = runID
        lock.unlock()
        guard start else { return }

        let run = scheduler.scheduleRecursive(self) { sink, recurse in
            if sink.deliverOne() { recurse(sink) }
        }
        lock.lock()
        let keep = running && runID == id && !isDisposed
        if keep { currentRun = .holding(run) }
        lock.unlock()
        if !keep && isDisposed { run.dispose() }
    }

    /// Delivers the oldest queued event; returns whether another one is waiting.
    private func deliverOne() -> Bool {
        lock.lock()
        guard head < queue.count, !isDisposed else {
            running = false
            lock.unlock()
            return false
        }
        let event = queue[head]
        head += 1
        lock.unlock()

        if event.isStopEvent {
            forwardTerminal(event)
            return false
        }
        forwardOn(event)

        lock.lock()
        let more = head < queue.count
        if !more {
            running = false
            queue.removeAll(keepingCapacity: true)
            head = 0
        }
        lock.unlock()
        return more
    }

    override func dispose() {
        super.dispose()
        lock.lock()
        let run = currentRun.take()
        queue = []
        head = 0
        lock.unlock()
        if case .some(let run) = consume run { run.dispose() }  // moved: `?.dispose()` copies first
    }
}
