extension ConnectableObservableType {
    /// Connects when the first subscriber arrives and disconnects when the last one leaves (or when the
    /// shared sequence terminates); a later subscriber connects again. Same as RxSwift's `refCount()`.
    public func refCount() -> Observable<Element> {
        RefCountProducer(source: self)
    }
}

final class RefCountProducer<Source: ConnectableObservableType>: Producer<Source.Element>, @unchecked Sendable {
    let source: Source
    private let lock = Lock()
    // Under `lock`:
    private var count = 0
    /// Changes whenever the connection ends, so late bookkeeping from an older connection is ignored.
    private var generation: UInt64 = 0
    private var connection: Disposable?

    init(source: Source) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Source.Element {
        let sink = RefCountSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink, subscription)
    }

    /// Counts `sink` in; returns its generation and whether it must connect.
    func retain<Observer>(_ sink: RefCountSink<Source, Observer>) -> (generation: UInt64, connect: Bool) {
        lock.withLock {
            count += 1
            let first = count == 1
            if first { generation &+= 1 }
            sink.generation = generation
            return (generation, first)
        }
    }

    /// Connects for `generation`, unless the connection ended or everyone left meanwhile.
    func connect(for generation: UInt64) {
        let newConnection = source.connect()
        lock.lock()
        if self.generation == generation, count > 0, connection == nil {
            connection = newConnection
            lock.unlock()
        } else {
            lock.unlock()
            newConnection.dispose()
        }
    }

    /// One subscriber of `generation` left; the last one disconnects.
    func release(_ generation: UInt64) {
        lock.lock()
        guard self.generation == generation, count > 0 else {
            lock.unlock()
            return
        }
        count -= 1
        let ending = count == 0 ? endLocked() : nil
        lock.unlock()
        ending?.dispose()
    }

    /// The shared sequence terminated for a subscriber of `generation`: the connection is over.
    func terminated<Observer>(_ sink: RefCountSink<Source, Observer>) {
        lock.lock()
        guard let generation = sink.generation, self.generation == generation else {
            lock.unlock()
            return
        }
        count = 0
        let ending = endLocked()
        lock.unlock()
        ending?.dispose()
    }

    private func endLocked() -> Disposable? {
        generation &+= 1
        let ending = connection.take()
        return ending
    }
}

final class RefCountSink<Source: ConnectableObservableType, Observer: ObserverType>: Sink<Observer>, TypedElementLane, @unchecked Sendable
    where Observer.Element == Source.Element {
    typealias Element = Observer.Element

    private let parent: RefCountProducer<Source>
    /// The connection generation this subscriber counts in (guarded by the parent's lock).
    var generation: UInt64?

    init(parent: RefCountProducer<Source>, observer: Observer, cancel: SinkLink?) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
        hasElementLane = true
    }

    func run() -> Disposable {
        let subscription = parent.source.subscribe(self)
        // A subject that had already terminated ended this subscription at once: nothing to connect.
        if isDisposed { return subscription }
        let (generation, mustConnect) = parent.retain(self)
        if mustConnect { parent.connect(for: generation) }
        let parent = self.parent
        return Disposables.create {
            subscription.dispose()
            parent.release(generation)
        }
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            forwardOn(event)
        case .error, .completed:
            parent.terminated(self)
            forwardTerminal(event)
        }
    }

    func onNextElement(_ element: Element) {
        forwardNext(element)
    }

    override func onNextElement(at element: UnsafeRawPointer) {
        forwardNext(at: element)  // passed on unchanged: by address, no copy (see `Sink.forwardNext(at:)`)
    }
}
