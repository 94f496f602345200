import ReactiveBridgePrimitives

extension ConnectableObservableType {
    /// Connects when the first subscriber arrives and disconnects when the last one leaves (or when the
    /// shared sequence terminates); a later subscriber connects again. Same as RxSwift's `refCount()`.
    public func refCount() -> Observable<Element> {
        RefCountProducer(source: self)
    }
}

/// Every change of the connection state — subscribing a subscriber and counting it in, counting it out,
/// connecting, disconnecting — runs under one recursive lock, held across `connect()` and the connection's
/// `dispose()`, as RxSwift's `RefCount` holds its lock. So a subscriber arriving on one thread while another
/// disconnects waits for that disconnection to end, then subscribes to the subject of the connection it
/// makes (never to the one being disposed); two first subscribers never both connect; and when `subscribe`
/// returns, the source is connected. The lock is recursive because a synchronous source delivers, and may
/// terminate, inside `connect()` on the same thread. (RxSwift subscribes to the subject before taking its
/// lock, so there a subscriber racing a disconnection can end up on the old subject.)
///
/// Each connection has an id; a subscriber remembers the id it counted in, and its disposal or terminal
/// event changes nothing once that connection has ended (its count was reset with it).
final class RefCountProducer<Source: ConnectableObservableType>: Producer<Source.Element>, @unchecked Sendable {
    let source: Source
    private let lock = RecursiveLock()
    // Under `lock`:
    private var count = 0
    private var connectionID: UInt64 = 0
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

    /// Subscribes `sink` to the connectable, counts it in and connects if it is the first; returns the
    /// subscription and the id of the connection it counts in, or nil if it has already ended (its
    /// subject had terminated: nothing to connect). Subscribing under the lock too means a subscriber
    /// arriving while the last one's departure disconnects waits for that to end, and so subscribes to
    /// the subject of the connection it then makes (a fresh one for `publish()`), not to the old one.
    func subscribeAndRetain<Observer>(_ sink: RefCountSink<Source, Observer>) -> (Disposable, UInt64?) {
        lock.lock()
        defer { lock.unlock() }
        let subscription = source.subscribe(sink)
        if sink.isDisposed { return (subscription, nil) }
        let id = connectionID
        sink.connectionID = id
        count += 1
        if count == 1 {
            let made = source.connect()
            // Inside `connect()` a synchronous source may have ended this connection (a terminal event) or
            // its subscribers may all have left: then nothing keeps it.
            if connectionID == id, count > 0 {
                connection = made
            } else {
                made.dispose()
            }
        }
        return (subscription, id)
    }

    /// One subscriber of connection `id` left; the last one disconnects.
    func release(_ id: UInt64) {
        lock.lock()
        defer { lock.unlock() }
        guard connectionID == id, count > 0 else { return }
        count -= 1
        if count == 0, let current = connection {
            connection = nil
            current.dispose()
        }
    }

    /// The shared sequence terminated for a subscriber: the connection it counts in is over.
    func terminated<Observer>(_ sink: RefCountSink<Source, Observer>) {
        lock.lock()
        defer { lock.unlock() }
        guard let id = sink.connectionID, connectionID == id else { return }
        count = 0
        connectionID &+= 1
        if let current = connection {
            connection = nil
            current.dispose()
        }
    }
}

final class RefCountSink<Source: ConnectableObservableType, Observer: ObserverType>: PassThroughElementSink<Observer>, @unchecked Sendable
    where Observer.Element == Source.Element {
    private let parent: RefCountProducer<Source>
    /// The connection this subscriber counts in (guarded by the parent's lock).
    var connectionID: UInt64?

    init(parent: RefCountProducer<Source>, observer: Observer, cancel: SinkLink?) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        let (subscription, id) = parent.subscribeAndRetain(self)
        // A subject that had already terminated ended this subscription at once: nothing to connect.
        guard let id else { return subscription }
        let parent = self.parent
        return Disposables.create {
            subscription.dispose()
            parent.release(id)
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
