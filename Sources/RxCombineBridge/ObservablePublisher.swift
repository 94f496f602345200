import CombineKit
@_spi(ReactiveBridgeInternals) import RxKit

extension ObservableConvertibleType {
    /// This sequence as a Combine-style publisher. Same idea as RxCombine's `asPublisher()`, without its
    /// data loss:
    /// - subscribes to the Rx source lazily, on the subscriber's first demand;
    /// - delivers at most what was demanded, holding the excess per `bufferPolicy`;
    /// - the terminal event waits behind held elements, so nothing is dropped at completion or error;
    /// - cancelling disposes the Rx subscription, exactly once.
    ///
    /// ```swift
    /// let rates: AnyPublisher<Rates, Error> = service.rates().asPublisher()
    /// ```
    public func asPublisher(bufferPolicy: BridgeBufferPolicy = .unbounded) -> AnyPublisher<Element, Swift.Error> {
        ObservablePublisher(source: asObservable(), bufferPolicy: bufferPolicy, mapError: { $0 }).eraseToAnyPublisher()
    }

    /// This sequence as a publisher with a typed failure: `mapError` turns each Rx error (untyped) into
    /// `Failure`. The bridge never traps on an error it cannot type.
    ///
    /// ```swift
    /// let rates = service.rates().asPublisher(failureType: ServiceError.self) { ServiceError($0) }
    /// ```
    public func asPublisher<Failure: Swift.Error>(
        failureType: Failure.Type,
        bufferPolicy: BridgeBufferPolicy = .unbounded,
        mapError: @escaping (Swift.Error) -> Failure
    ) -> AnyPublisher<Element, Failure> {
        ObservablePublisher(source: asObservable(), bufferPolicy: bufferPolicy, mapError: mapError).eraseToAnyPublisher()
    }

    /// `asPublisher()`: this sequence as `AnyPublisher<Element, Error>`.
    ///
    /// ```swift
    /// service.rates().publisher.sink(receiveCompletion: { _ in }, receiveValue: render)
    /// ```
    public var publisher: AnyPublisher<Element, Swift.Error> { asPublisher() }
}

/// The publisher behind `asPublisher()`: one `ObservableSubscription` per subscriber.
///
/// ```swift
/// let publisher: AnyPublisher<Int, Error> = Observable.of(1, 2, 3).asPublisher()
/// ```
public struct ObservablePublisher<Output, Failure: Swift.Error>: Publisher {
    let source: Observable<Output>
    let bufferPolicy: BridgeBufferPolicy
    let mapError: (Swift.Error) -> Failure

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let subscription = ObservableSubscription(source: source, bufferPolicy: bufferPolicy, mapError: mapError, downstream: subscriber)
        subscriber.receive(subscription: subscription)
        subscription.subscriptionDelivered()
    }
}

extension ObservablePublisher: @unchecked Sendable {}

/// The seam object: an Rx observer upstream, a Combine subscription downstream.
///
/// One thread at a time delivers to the subscriber (the `delivering` flag); a `request` or an Rx event
/// that arrives meanwhile — from another thread or re-entrantly from inside `receive(_:)` — only
/// updates the state, and the delivering thread picks it up. No lock is held while calling out.
final class ObservableSubscription<Downstream: Subscriber>: Subscription, TypedElementLane, CustomStringConvertible, @unchecked Sendable
    where Downstream.Failure: Swift.Error {
    typealias Element = Downstream.Input

    // Everything below is guarded by `lock`, so the compiler's dynamic exclusivity checks are off. The
    // per-element path touches no type built from a generic parameter (`Downstream?`, `[Element]`,
    // `Completion<…>?`): in unspecialised code each costs a runtime metadata look-up per element.
    private let lock = Lock()
    @exclusivity(unchecked) private var source: Observable<Element>?
    private let bufferPolicy: BridgeBufferPolicy
    private let mapError: (Swift.Error) -> Downstream.Failure
    /// The subscriber, initialised while `hasDownstream`.
    private let downstreamSlot: UnsafeMutablePointer<Downstream>
    @exclusivity(unchecked) private var hasDownstream = true
    @exclusivity(unchecked) private var demand = Subscribers.Demand.none
    @exclusivity(unchecked) private var buffer: [Element] = []
    @exclusivity(unchecked) private var bufferHead = 0
    /// `buffer.count - bufferHead`: elements held beyond demand.
    @exclusivity(unchecked) private var heldCount = 0
    @exclusivity(unchecked) private var pendingCompletion: Subscribers.Completion<Downstream.Failure>?
    /// `pendingCompletion != nil`.
    @exclusivity(unchecked) private var hasPendingCompletion = false
    /// True while one thread calls the subscriber; starts true because the subscriber is inside
    /// `receive(subscription:)` until `subscriptionDelivered()` (Combine serialises that call with the
    /// values too: an Rx source on another thread must not deliver while it runs).
    @exclusivity(unchecked) private var delivering = true
    @exclusivity(unchecked) private var finished = false  // cancelled, or the terminal event was delivered
    private let upstream = SingleAssignmentDisposable()

    init(source: Observable<Element>, bufferPolicy: BridgeBufferPolicy, mapError: @escaping (Swift.Error) -> Downstream.Failure, downstream: Downstream) {
        if case .bounded(let capacity, _) = bufferPolicy {
            precondition(capacity > 0, "BridgeBufferPolicy.bounded needs a capacity of at least 1 (got \(capacity)); use .unbounded to never drop.")
        }
        self.source = source
        self.bufferPolicy = bufferPolicy
        self.mapError = mapError
        downstreamSlot = .allocate(capacity: 1)
        downstreamSlot.initialize(to: downstream)
    }

    deinit {
        if hasDownstream { downstreamSlot.deinitialize(count: 1) }
        downstreamSlot.deallocate()
    }

    var description: String { "ObservableBridge" }

    /// Takes the subscriber out (call with `lock` held and `hasDownstream` true).
    private func takeDownstreamLocked() -> Downstream {
        hasDownstream = false
        return downstreamSlot.move()
    }

    // MARK: Subscription

    func request(_ newDemand: Subscribers.Demand) {
        precondition(newDemand > 0, "request(_:): demand must be greater than zero; to request nothing, don't call request(_:)")
        lock.lock()
        if finished {
            lock.unlock()
            return
        }
        demand += newDemand
        let sourceToSubscribe = source
        source = nil
        lock.unlock()
        if let sourceToSubscribe {
            // Lazy: the Rx source is subscribed on the first demand only.
            upstream.setDisposable(sourceToSubscribe.subscribe(self))
        }
        drain()
    }

    func cancel() {
        lock.lock()
        if finished {
            lock.unlock()
            return
        }
        finished = true
        source = nil
        let downstream = hasDownstream ? takeDownstreamLocked() : nil
        buffer = []
        bufferHead = 0
        heldCount = 0
        pendingCompletion = nil
        hasPendingCompletion = false
        lock.unlock()
        withExtendedLifetime(downstream) {}  // released here, outside the lock
        upstream.dispose()
    }

    /// Called once the subscriber's `receive(subscription:)` returned: delivers what arrived meanwhile.
    func subscriptionDelivered() {
        lock.lock()
        delivering = false
        lock.unlock()
        drain()
    }

    // MARK: ObserverType (the Rx side)

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNextElement(element)
        case .error(let error):
            complete(.failure(mapError(error)))
        case .completed:
            complete(.finished)
        }
    }

    /// Same as `on(.next(element))`; RxKit's subjects and sinks call it directly (`ElementLane`).
    func onNextElement(_ element: Element) {
        lock.lock()
        if finished || hasPendingCompletion {
            lock.unlock()
            return
        }
        if !delivering && heldCount == 0 && demand > 0 && hasDownstream {
            // Fast path: demand is waiting and nothing is held — hand the element straight over.
            demand -= 1
            delivering = true
            let downstream = downstreamSlot.pointee
            lock.unlock()
            let more = downstream.receive(element)
            lock.lock()
            demand += more
            delivering = false
            if heldCount == 0 && !hasPendingCompletion {
                lock.unlock()
                return
            }
            lock.unlock()
            drain()
            return
        }
        hold(element)
        lock.unlock()
        drain()
    }

    func onNextElement(at element: UnsafeRawPointer) {
        onNextElement(element.assumingMemoryBound(to: Element.self).pointee)
    }

    private func complete(_ completion: Subscribers.Completion<Downstream.Failure>) {
        lock.lock()
        if finished || hasPendingCompletion {
            lock.unlock()
            return
        }
        pendingCompletion = completion
        hasPendingCompletion = true
        lock.unlock()
        drain()
    }

    /// Holds an element beyond demand, applying the buffer policy. Called with the lock held.
    private func hold(_ element: Element) {
        switch bufferPolicy {
        case .unbounded:
            buffer.append(element)
            heldCount += 1
        case .bounded(let capacity, let strategy):
            if heldCount < capacity {
                buffer.append(element)
                heldCount += 1
                return
            }
            switch strategy {
            case .dropNewest:
                return
            case .dropOldest:
                bufferHead += 1
                buffer.append(element)
            case .fail:
                pendingCompletion = .failure(mapError(BridgeBufferOverflow(capacity: capacity)))
                hasPendingCompletion = true
                // The source is stopped now; the held elements are still delivered before the failure.
                let upstream = self.upstream
                lock.unlock()
                upstream.dispose()
                lock.lock()
            }
        }
        compactIfNeeded()
    }

    private func compactIfNeeded() {
        if bufferHead > 64 && bufferHead * 2 > buffer.count {
            buffer.removeFirst(bufferHead)
            bufferHead = 0
        }
    }

    /// Delivers held elements while there is demand, then the terminal event once nothing is held.
    private func drain() {
        lock.lock()
        if delivering || finished || !hasDownstream {
            lock.unlock()
            return
        }
        delivering = true
        let downstream = downstreamSlot.pointee
        while true {
            if finished { break }
            if heldCount > 0 && demand > 0 {
                let element = buffer[bufferHead]
                bufferHead += 1
                heldCount -= 1
                if heldCount == 0 {
                    buffer.removeAll(keepingCapacity: true)
                    bufferHead = 0
                }
                demand -= 1
                lock.unlock()
                let more = downstream.receive(element)
                lock.lock()
                demand += more
                continue
            }
            if heldCount == 0, let completion = pendingCompletion {
                finished = true
                _ = takeDownstreamLocked()
                lock.unlock()
                downstream.receive(completion: completion)
                upstream.dispose()
                return
            }
            break
        }
        delivering = false
        lock.unlock()
    }
}
