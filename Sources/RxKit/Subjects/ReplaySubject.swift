/// A subject that replays buffered elements to each new subscriber, then sends every later event.
/// After termination, late subscribers get the buffer followed by the terminal event.
/// Same as RxSwift's `ReplaySubject` (`create(bufferSize:)`, `createUnbounded()`).
public final class ReplaySubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable, @unchecked Sendable {
    public typealias SubjectObserverType = ReplaySubject<Element>

    private let hub = SubjectHub<Element>()
    private let capacity: Int?
    /// The unbounded buffer (`createUnbounded()`).
    private var buffer: [Element] = []
    /// The bounded buffer (`create(bufferSize:)`): a ring of `capacity` slots, `ringCount` of them
    /// initialised from `ringStart`. A ring through a pointer rather than an array because `share(replay: 1)`
    /// — one per Driver operator — appends on every element, and array operations in unspecialised
    /// generic code cost several runtime metadata look-ups each.
    private let ring: UnsafeMutablePointer<Element>?
    @exclusivity(unchecked) private var ringStart = 0
    @exclusivity(unchecked) private var ringCount = 0
    /// The terminal event, boxed (`StoredEvent`): an `Event<Element>?` stored property would cost an
    /// `Event` metadata look-up in every subject's `init` and `deinit` (unspecialised code).
    private var stopBox: AnyObject?
    /// The terminal event, if any. Slow paths only: reading or writing it looks up `Event` metadata.
    private var stopEvent: Event<Element>? {
        get { stopBox.map { unsafeDowncast($0, to: StoredEvent<Element>.self).event } }
        set { stopBox = newValue.map { StoredEvent($0) } }
    }
    /// `stopEvent != nil`, as a Bool so `on(_:)` needs no `Optional<Event<Element>>` metadata.
    @exclusivity(unchecked) private var isStopped = false
    @exclusivity(unchecked) private var disposed = false

    private init(capacity: Int?) {
        self.capacity = capacity
        if let capacity, capacity > 0 {
            ring = .allocate(capacity: capacity)
        } else {
            ring = nil
        }
        super.init()
    }

    deinit {
        SubjectHubBase.subjectDidEnd(hub: Unmanaged.passUnretained(hub).toOpaque())  // see `SubjectSubscription`
        clearRing()
        ring?.deallocate()
    }

    /// Empties the bounded buffer (call with the hub's lock held, or from deinit).
    private func clearRing() {
        guard let ring, let capacity else { return }
        for offset in 0..<ringCount {
            (ring + (ringStart + offset) % capacity).deinitialize(count: 1)
        }
        ringStart = 0
        ringCount = 0
    }

    /// Empties the ring, returning its elements, oldest first (for release after the lock is).
    private func takeRing() -> [Element] {
        guard let ring, let capacity else { return [] }
        let elements = (0..<ringCount).map { (ring + (ringStart + $0) % capacity).move() }
        ringStart = 0
        ringCount = 0
        return elements
    }

    /// A subject replaying at most `bufferSize` latest elements.
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        precondition(bufferSize >= 0, "ReplaySubject.create(bufferSize:) needs a buffer size of 0 or more (got \(bufferSize)).")
        return ReplaySubject(capacity: bufferSize)
    }

    /// A subject replaying every element it received.
    public static func createUnbounded() -> ReplaySubject<Element> {
        ReplaySubject(capacity: nil)
    }

    /// Whether anyone is subscribed.
    public var hasObservers: Bool { hub.hasObservers }

    /// Whether `dispose()` was called.
    public var isDisposed: Bool { hub.lock.withLock { disposed } }

    public func on(_ event: Event<Element>) {
        if case .next(let value) = event {
            onNextElement(value)
            return
        }
        hub.lock.lock()
        if disposed || isStopped {
            hub.lock.unlock()
            return
        }
        let observers = hub.entries
        stopLocked(event)
        hub.broadcastLocked(event, observers)
    }

    /// Sends `element` to current observers: the same as `on(.next(element))`, as in RxSwift (where it is
    /// `ObserverType`'s extension method). A member here so that calling it on the subject itself skips
    /// the `Event` wrapper, whose generic metadata unspecialised code would look up on every send.
    public func onNext(_ element: Element) {
        onNextElement(element)
    }

    /// `on(.next(value))` without building an `Event` (used by the relays' `accept`).
    func onNextElement(_ value: Element) {
        hub.lock.lock()
        if disposed || isStopped {
            hub.lock.unlock()
            return
        }
        append(value)
        var sent = value
        hub.broadcastNextLocked(at: &sent)
    }

    /// Records the terminal event (call with the hub's lock held). Out of line so the per-event path
    /// of `on(_:)` never touches an `Optional<Event<Element>>`.
    @inline(never)
    private func stopLocked(_ event: Event<Element>) {
        stopEvent = event
        isStopped = true
        // The caller's snapshot of the observers keeps them until it has broadcast, with the lock released.
        _ = hub.removeAllLocked()
    }

    private func append(_ value: Element) {
        if let ring, let capacity {
            if ringCount < capacity {
                (ring + (ringStart + ringCount) % capacity).initialize(to: value)
                ringCount += 1
            } else {
                // Full: the newest replaces the oldest.
                (ring + ringStart).pointee = value
                ringStart = (ringStart + 1) % capacity
            }
            return
        }
        if capacity != nil { return }  // create(bufferSize: 0) replays nothing
        buffer.append(value)
    }

    private func replayedEvents() -> [Event<Element>] {
        if let ring, let capacity {
            return (0..<ringCount).map { .next((ring + (ringStart + $0) % capacity).pointee) }
        }
        return buffer.map { .next($0) }
    }

    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        hub.lock.lock()
        if disposed {
            hub.lock.unlock()
            observer.on(.error(RxError.disposed(object: self)))
            return Disposables.create()
        }
        if let stopEvent {
            hub.dispatchLocked(.replay(replayedEvents() + [stopEvent], hub.detachedEntry(observer)))
            return Disposables.create()
        }
        let (entry, key) = hub.addLocked(observer)
        let replay = replayedEvents()
        if replay.isEmpty {
            hub.lock.unlock()
        } else {
            hub.dispatchLocked(.replay(replay, entry))
        }
        return SubjectSubscription(hub: hub, key: key)
    }

    /// The observer side (the subject itself).
    public func asObserver() -> ReplaySubject<Element> { self }

    /// Releases every observer and the buffer; later subscribers get `RxError.disposed`.
    public func dispose() {
        // What it drops is released after the lock is: an observer's, an element's or an error's `deinit`
        // may run any code.
        let dropped = hub.lock.withLock {
            disposed = true
            let removed = hub.removeAllLocked()
            let elements = buffer + takeRing()
            buffer = []
            let event = stopEvent
            stopEvent = nil
            return (removed, elements, event)
        }
        withExtendedLifetime(dropped) {}
    }
}

extension ReplaySubject: SubjectElementLane {
    func onNextElement(at element: UnsafeRawPointer) {
        onNextElement(element.assumingMemoryBound(to: Element.self).pointee)
    }
}
