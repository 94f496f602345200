import ReactiveBridgePrimitives

/// A publisher that eventually produces a single value and then finishes or fails.
///
/// The closure runs at once, in `init` (the future is eager). The result is stored and replayed to
/// every subscriber, including ones that subscribe later. A value waits for the subscriber's demand;
/// a failure is delivered without demand.
public final class Future<Output, Failure: Error>: Publisher {
    /// A type that represents a closure to invoke in the future, when an element or error is available.
    public typealias Promise = (Result<Output, Failure>) -> Void

    private let lock = Lock()
    private var result: Result<Output, Failure>?
    /// The subscriptions waiting for the result (`FutureConduitBase` objects, under their `listKey`s):
    /// one leaving moves no other (see `SubscriberList`).
    private var conduits = SubscriberList()

    /// Creates a publisher that invokes a promise closure when the publisher emits an element.
    public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
        attemptToFulfill { [weak self] result in self?.fulfill(result) }
    }

    private func fulfill(_ result: Result<Output, Failure>) {
        lock.lock()
        guard self.result == nil else {
            lock.unlock()
            return
        }
        self.result = result
        let snapshot = conduits.removeAll()
        lock.unlock()
        for conduit in snapshot.compactMap(\.subscriber) {
            unsafeDowncast(conduit, to: FutureConduitBase<Output, Failure>.self).fulfill(result)
        }
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let conduit = FutureConduit(parent: self, downstream: subscriber)
        lock.lock()
        let result = self.result
        if result == nil {
            // A conduit leaves at most once (`cancel` drops its parent) and none joins once the future is
            // fulfilled, so the key after the last listed one is safe even if a conduit that left had it.
            conduit.listKey = conduits.lastKey + 1
            conduits.append(conduit, key: conduit.listKey)
        }
        lock.unlock()
        subscriber.receive(subscription: conduit)
        if let result = result {
            conduit.fulfill(result)
        }
    }

    fileprivate func detach(_ conduit: FutureConduitBase<Output, Failure>) {
        lock.lock()
        let removed = conduits.remove(key: conduit.listKey)
        lock.unlock()
        withExtendedLifetime(removed) {}  // released with no lock held
    }
}

internal class FutureConduitBase<Output, Failure: Error>: Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
    /// The key the future listed this conduit under: set and read under the future's lock.
    var listKey: UInt64 = 0
    func fulfill(_ result: Result<Output, Failure>) { fatalError("abstract") }
    func request(_ demand: Subscribers.Demand) { fatalError("abstract") }
    func cancel() { fatalError("abstract") }
    var description: String { "Future" }
    var customMirror: Mirror { Mirror(self, children: [:]) }
    var playgroundDescription: Any { description }
}

private final class FutureConduit<Downstream: Subscriber>: FutureConduitBase<Downstream.Input, Downstream.Failure> {
    typealias Output = Downstream.Input
    typealias Failure = Downstream.Failure

    private let lock = Lock()
    private var parent: Future<Output, Failure>?
    private var downstream: Downstream?
    private var hasDemand = false
    private var result: Result<Output, Failure>?

    init(parent: Future<Output, Failure>, downstream: Downstream) {
        self.parent = parent
        self.downstream = downstream
    }

    override func fulfill(_ result: Result<Output, Failure>) {
        lock.lock()
        guard downstream != nil, self.result == nil else {
            lock.unlock()
            return
        }
        self.result = result
        lock.unlock()
        // As Combine's: the conduit lets go of its future once the future's own fulfilment delivered (the
        // future shows as `parent` during the delivery); after a delivery that a request triggered it keeps it.
        if deliverIfReady() {
            lock.lock()
            let released = parent
            parent = nil
            lock.unlock()
            _ = released
        }
    }

    override func request(_ demand: Subscribers.Demand) {
        demand.assertNonZero()
        lock.lock()
        hasDemand = true
        lock.unlock()
        _ = deliverIfReady()
    }

    /// Delivers the result if there is one and it may go (a value needs demand); returns whether it did.
    private func deliverIfReady() -> Bool {
        lock.lock()
        guard let downstream = downstream, let result = result else {
            lock.unlock()
            return false
        }
        switch result {
        case .success(let value):
            guard hasDemand else {
                lock.unlock()
                return false
            }
            self.downstream = nil
            lock.unlock()
            _ = downstream.receive(value)
            downstream.receive(completion: .finished)
        case .failure(let error):
            self.downstream = nil
            lock.unlock()
            downstream.receive(completion: .failure(error))
        }
        return true
    }

    // Combine's conduit shows its future as `parent` and `subject`, the subscriber, and whether it was asked for a value.
    override var customMirror: Mirror {
        lock.lock()
        defer { lock.unlock() }
        return Mirror(self, children: ["parent": parent as Any, "downstream": downstream as Any, "hasAnyDemand": hasDemand, "subject": parent as Any])
    }

    override func cancel() {
        lock.lock()
        downstream = nil
        let parent = self.parent
        self.parent = nil
        lock.unlock()
        parent?.detach(self)
    }
}
