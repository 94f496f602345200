/// The base of every operator's observable: one `Producer` subclass per operator, one `Sink` per
/// subscription. `subscribe` builds the sink chain from the subscriber back to the source.
///
/// Subscriptions made while no `CurrentThreadScheduler` trampoline runs on this thread start one, so that
/// recursive subscriptions (e.g. `concat`, `repeat`) do not grow the stack without bound, as in RxSwift.
class Producer<Element>: Observable<Element>, @unchecked Sendable {
    override init() { super.init() }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        if !CurrentThreadScheduler.isScheduleRequired {
            return subscribeNow(observer)
        }
        return CurrentThreadScheduler.instance.schedule(()) { _ in
            self.subscribeNow(observer)
        }
    }

    private func subscribeNow<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let link = SinkLink()
        let parts = run(observer, cancel: link)
        link.attach(sink: parts.sink, subscription: parts.subscription)
        return link
    }

    /// Creates the sink for `observer`, subscribes upstream, and returns both. The sink calls
    /// `cancel.dispose()` when it terminates, which disposes the upstream subscription at once.
    func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
        where Observer.Element == Element {
        preconditionFailure("Producer.run(_:cancel:) is abstract: override it in the operator's Producer subclass.")
    }
}

/// One operator's per-subscription state. `forwardOn` is the only way events go downstream, and it
/// enforces that nothing is delivered after the sink is disposed.
class Sink<Observer: ObserverType>: Disposable, @unchecked Sendable {
    private let resourceTracking = ResourceTracking()
    final let observer: Observer
    final let cancel: Cancelable
    private let disposedFlag = OnceFlag()
    /// The observer's element lane, if it has one (see `ElementLane`).
    private let lane: ElementLane?

    init(observer: Observer, cancel: Cancelable) {
        self.observer = observer
        self.cancel = cancel
        lane = observer.elementLane
    }


    /// Delivers `event` downstream unless this sink was disposed.
    @inline(__always)
    final func forwardOn(_ event: Event<Observer.Element>) {
        if disposedFlag.isSet { return }
        observer.on(event)
    }

    /// Delivers `.next(element)` downstream unless this sink was disposed, through the observer's
    /// element lane when it has one (no `Event` is built).
    @inline(__always)
    final func forwardNext(_ element: Observer.Element) {
        if disposedFlag.isSet { return }
        if let lane {
            lane.send(element)
        } else {
            forwardNextAsEvent(element)
        }
    }

    /// `forwardNext` for an observer without an element lane; out of line so the lane path needs no
    /// `Event` metadata.
    @inline(never)
    private final func forwardNextAsEvent(_ element: Observer.Element) {
        observer.on(.next(element))
    }

    /// `forwardTerminal(.error(error))`, out of line so that element paths that can fail (a throwing
    /// `map` or `filter` closure) need no `Event` metadata unless they do fail.
    @inline(never)
    final func forwardError(_ error: Swift.Error) {
        forwardTerminal(.error(error))
    }

    /// Delivers a terminal event and disposes the subscription (and upstream) right after.
    final func forwardTerminal(_ event: Event<Observer.Element>) {
        forwardOn(event)
        dispose()
    }

    /// Whether this sink has been disposed.
    final var isDisposed: Bool { disposedFlag.isSet }

    /// Stops delivery and disposes the subscription (the sink and upstream).
    func dispose() {
        disposedFlag.set()
        cancel.dispose()
    }
}

/// Holds a subscription's sink and upstream subscription and disposes both, exactly once.
/// It is the `Disposable` the subscriber receives from `subscribe`.
final class SinkLink: Cancelable, @unchecked Sendable {
    private let resourceTracking = ResourceTracking()
    private let lock = Lock()
    private var disposeRequested = false
    private var sink: Disposable?
    private var subscription: Disposable?

    var isDisposed: Bool { lock.withLock { disposeRequested } }

    func attach(sink: Disposable, subscription: Disposable) {
        lock.lock()
        if disposeRequested {
            lock.unlock()
            sink.dispose()
            subscription.dispose()
            return
        }
        self.sink = sink
        self.subscription = subscription
        lock.unlock()
    }

    func dispose() {
        lock.lock()
        if disposeRequested {
            lock.unlock()
            return
        }
        disposeRequested = true
        let sink = self.sink
        let subscription = self.subscription
        self.sink = nil
        self.subscription = nil
        lock.unlock()
        sink?.dispose()
        subscription?.dispose()
    }
}
