/// A subject with a current value: each subscriber first receives the latest element (or the terminal
/// event, if the subject terminated), then every later event. Same as RxSwift's `BehaviorSubject`.
public final class BehaviorSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable, @unchecked Sendable {
    public typealias SubjectObserverType = BehaviorSubject<Element>

    private let hub = SubjectHub<Element>()

    deinit {
        SubjectHubBase.subjectDidEnd(hub: Unmanaged.passUnretained(hub).toOpaque())  // see `SubjectSubscription`
    }
    private var element: Element
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

    /// A subject whose current value is `value`.
    public init(value: Element) {
        self.element = value
        super.init()
    }

    /// Whether anyone is subscribed.
    public var hasObservers: Bool { hub.hasObservers }

    /// Whether `dispose()` was called.
    public var isDisposed: Bool { hub.lock.withLock { disposed } }

    /// The latest element. Throws the subject's error if it failed, or `RxError.disposed` if disposed.
    public func value() throws -> Element {
        hub.lock.lock()
        defer { hub.lock.unlock() }
        if disposed { throw RxError.disposed(object: self) }
        if let error = stopEvent?.error { throw error }
        return element
    }

    /// Sends `event`; a `next` also becomes the current value.
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

    /// Makes `element` the current value and sends it to current observers: the same as
    /// `on(.next(element))`, as in RxSwift (where it is
    /// `ObserverType`'s extension method). A member here so that calling it on the subject itself skips
    /// the `Event` wrapper, whose generic metadata unspecialised code would look up on every send.
    ///
    /// Inlinable: the element is copied into a local in the caller's specialised code (a plain copy), and
    /// RxKit reads it there by address (see `PublishSubject.onNext`).
    @inlinable
    public func onNext(_ element: Element) {
        var value = element
        sendNext(at: &value)
    }

    /// `on(.next(value))` without building an `Event`.
    func onNextElement(_ value: Element) {
        var sent = value
        sendNext(at: &sent)
    }

    /// `on(.next(...))` with the element read in place at `value` (`onNext`, `BehaviorRelay.accept`): it
    /// becomes the current value (one copy) and is sent from where it is.
    @usableFromInline
    func sendNext(at value: UnsafePointer<Element>) {
        hub.lock.lock()
        if disposed || isStopped {
            hub.lock.unlock()
            return
        }
        element = value.pointee
        hub.broadcastNextLocked(at: value)
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

    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        hub.lock.lock()
        if disposed {
            hub.lock.unlock()
            observer.on(.error(RxError.disposed(object: self)))
            return Disposables.create()
        }
        if let stopEvent {
            hub.dispatchLocked(.replay([stopEvent], hub.detachedEntry(observer)))
            return Disposables.create()
        }
        let (entry, key) = hub.addLocked(observer)
        hub.dispatchLocked(.replay([.next(element)], entry))
        return SubjectSubscription(hub: hub, key: key)
    }

    /// The observer side (the subject itself).
    public func asObserver() -> BehaviorSubject<Element> { self }

    /// Releases every observer; later subscribers and `value()` get `RxError.disposed`.
    public func dispose() {
        // What it drops is released after the lock is: an observer's or an error's `deinit` may run any code.
        let dropped = hub.lock.withLock {
            disposed = true
            let removed = hub.removeAllLocked()
            let event = stopEvent
            stopEvent = nil
            return (removed, event)
        }
        withExtendedLifetime(dropped) {}
    }
}

extension BehaviorSubject: SubjectElementLane {
    func onNextElement(at element: UnsafeRawPointer) {
        sendNext(at: element.assumingMemoryBound(to: Element.self))
    }
}
