import ReactiveBridgePrimitives

extension ConnectableObservableType {
    /// Connects when the first subscriber arrives and disconnects when the last one leaves (or when the
    /// shared sequence terminates); a later subscriber connects again. Same as RxSwift's `refCount()`.
    public func refCount() -> Observable<Element> {
        RefCountProducer(source: self)
    }
}

/// Connecting and disconnecting are serialised: one thread at a time makes a transition (outside the lock:
/// `connect()` and the connection's `dispose()` run the connectable's code), and a count that changes
/// meanwhile is settled by that thread when its transition ends. So a new connection is asked for only after
/// the previous one's disposal has returned: a connectable that hands back its current connection while it
/// is still connected (as RxSwift's do) can never give the new subscriber the connection being disposed,
/// which would leave it subscribed with nothing connected.
final class RefCountProducer<Source: ConnectableObservableType>: Producer<Source.Element>, @unchecked Sendable {
    let source: Source
    private let lock = Lock()
    // Under `lock`:
    private var count = 0
    /// Changes whenever the subscriber count starts from zero again or the connection ends, so late
    /// bookkeeping from an older round is ignored.
    private var generation: UInt64 = 0
    private var connection: Disposable?
    /// The generation `connection` was made for; a connection of an older one is disposed.
    private var connectionGeneration: UInt64 = 0
    /// Whether a thread is connecting or disconnecting (see the class).
    private var isTransitioning = false

    init(source: Source) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Source.Element {
        let sink = RefCountSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink, subscription)
    }

    /// Counts `sink` in and connects if it is the first; returns its generation.
    func retain<Observer>(_ sink: RefCountSink<Source, Observer>) -> UInt64 {
        lock.lock()
        count += 1
        if count == 1 { generation &+= 1 }
        sink.generation = generation
        let generation = self.generation
        settleLocked()
        return generation
    }

    /// One subscriber of `generation` left; the last one disconnects.
    func release(_ generation: UInt64) {
        lock.lock()
        if self.generation == generation, count > 0 {
            count -= 1
            if count == 0 { self.generation &+= 1 }
        }
        settleLocked()
    }

    /// The shared sequence terminated for a subscriber of `generation`: the connection is over.
    func terminated<Observer>(_ sink: RefCountSink<Source, Observer>) {
        lock.lock()
        if let generation = sink.generation, self.generation == generation {
            count = 0
            self.generation &+= 1
        }
        settleLocked()
    }

    /// Called with `lock` held; returns with it released. Disconnects a connection nobody counts on any
    /// more and connects while someone is subscribed and nothing is connected, until neither holds —
    /// unless another thread is making a transition, which then settles this change too.
    private func settleLocked() {
        guard !isTransitioning else {
            lock.unlock()
            return
        }
        while true {
            if let current = connection, count == 0 || connectionGeneration != generation {
                connection = nil
                isTransitioning = true
                lock.unlock()
                current.dispose()
                lock.lock()
                isTransitioning = false
            } else if connection == nil, count > 0 {
                let wanted = generation
                isTransitioning = true
                lock.unlock()
                let made = source.connect()
                lock.lock()
                isTransitioning = false
                connection = made
                connectionGeneration = wanted  // if the round ended meanwhile, the next pass disposes it
            } else {
                break
            }
        }
        lock.unlock()
    }
}

final class RefCountSink<Source: ConnectableObservableType, Observer: ObserverType>: PassThroughElementSink<Observer>, @unchecked Sendable
    where Observer.Element == Source.Element {
    private let parent: RefCountProducer<Source>
    /// The connection generation this subscriber counts in (guarded by the parent's lock).
    var generation: UInt64?

    init(parent: RefCountProducer<Source>, observer: Observer, cancel: SinkLink?) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        let subscription = parent.source.subscribe(self)
        // A subject that had already terminated ended this subscription at once: nothing to connect.
        if isDisposed { return subscription }
        let generation = parent.retain(self)
        let parent = self.parent
        return Disposables.create {
            subscription.dispose()
            parent.release(generation)
        }
    }

    override func onError(_ error: Swift.Error) {
        parent.terminated(self)
        forwardError(error)
    }

    override func onCompleted() {
        parent.terminated(self)
        forwardCompleted()
    }
}
