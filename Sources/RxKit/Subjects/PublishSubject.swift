/// A subject that sends each event to the observers subscribed at the time. Late subscribers get only
/// the terminal event, if there was one. Same as RxSwift's `PublishSubject`.
public final class PublishSubject<Element>: Observable<Element>, SubjectType, ObserverType, Cancelable, @unchecked Sendable {
    public typealias SubjectObserverType = PublishSubject<Element>

    /// Made in the inlinable `init`, so in the caller's specialised code, where `SubjectHub<Element>`'s
    /// metadata comes from a cached accessor: in RxKit's unspecialised code each subject would look it up
    /// at run time (about 320 instructions; R2 makes a subject per build).
    @usableFromInline let hub: SubjectHub<Element>

    deinit {
        SubjectHubBase.subjectDidEnd(hub: Unmanaged.passUnretained(hub).toOpaque())  // see `SubjectSubscription`
    }
    /// The terminal event, boxed (`StoredEvent`): an `Event<Element>?` stored property would cost an
    /// `Event` metadata look-up in every subject's `init` and `deinit` (unspecialised code).
    @usableFromInline var stopBox: AnyObject?
    /// The terminal event, if any. Slow paths only: reading or writing it looks up `Event` metadata.
    private var stopEvent: Event<Element>? {
        get { stopBox.map { unsafeDowncast($0, to: StoredEvent<Element>.self).event } }
        set { stopBox = newValue.map { StoredEvent($0) } }
    }
    /// `stopEvent != nil`, as a Bool so `on(_:)` needs no `Optional<Event<Element>>` metadata.
    @usableFromInline @exclusivity(unchecked) var isStopped: Bool
    @usableFromInline @exclusivity(unchecked) var disposed: Bool

    /// A new subject.
    @inlinable
    public override init() {
        hub = SubjectHub(guardedByOwnMutex: ())
        stopBox = nil
        isStopped = false
        disposed = false
        super.init()
    }

    /// Whether anyone is subscribed.
    public var hasObservers: Bool { hub.hasObservers }

    /// Whether `dispose()` was called.
    public var isDisposed: Bool { hub.lock.withLock { disposed } }

    /// Sends `event` to current observers. Events after a terminal event or disposal are ignored.
    public func on(_ event: Event<Element>) {
        if case .next(let element) = event {
            onNextElement(element)
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
    ///
    /// Inlinable: the element is copied into a local in the caller's specialised code (a plain copy), and
    /// RxKit reads it there by address; in RxKit's unspecialised code the copy went through value witnesses.
    @inlinable
    public func onNext(_ element: Element) {
        var value = element
        sendNext(at: &value)
    }

    /// `on(.next(element))` without building an `Event`.
    func onNextElement(_ element: Element) {
        var value = element
        sendNext(at: &value)
    }

    /// `on(.next(...))` with the element read in place at `element` (`onNext`, `PublishRelay.accept`).
    @usableFromInline
    func sendNext(at element: UnsafePointer<Element>) {
        hub.lock.lock()
        if disposed || isStopped {
            hub.lock.unlock()
            return
        }
        hub.broadcastNextLocked(at: element)
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
        if disposed || isStopped {
            return subscribeAfterEndLocked(observer)
        }
        let key = hub.addKeyedLocked(observer)
        hub.lock.unlock()
        return SubjectSubscription(hub: hub, key: key)
    }

    /// `subscribe(_:)` for an RxKit node with both lanes (`Observable.subscribe(shareConnection:)`): no
    /// conformance look-up or type check. A disposed or terminated subject answers `nil`, and the caller
    /// subscribes through `subscribe(_:)`, which sends what such a subject sends a late subscriber.
    override func subscribe(shareConnection node: ObserverNode) -> SubjectSubscription? {
        hub.lock.lock()
        if disposed || isStopped {
            hub.lock.unlock()
            return nil
        }
        let key = hub.addKeyedLocked(node: node)
        hub.lock.unlock()
        return SubjectSubscription(hub: hub, key: key)
    }

    /// `subscribe` to a disposed or terminated subject. Out of line: the `Event`s and the replay
    /// `Message` it builds cost metadata look-ups, which the optimiser would otherwise hoist onto every
    /// subscription. Call with the hub's lock held; returns with it released.
    @inline(never)
    private func subscribeAfterEndLocked<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        if disposed {
            hub.lock.unlock()
            observer.on(.error(RxError.disposed(object: self)))
            return Disposables.create()
        }
        if let stopEvent {
            hub.dispatchLocked(.replay([stopEvent], hub.detachedEntry(observer)))
        } else {
            hub.lock.unlock()
        }
        return Disposables.create()
    }

    /// The observer side (the subject itself).
    public func asObserver() -> PublishSubject<Element> { self }

    /// Releases every observer; later subscribers receive `RxError.disposed`.
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

extension PublishSubject: SubjectElementLane {
    func onNextElement(at element: UnsafeRawPointer) {
        sendNext(at: element.assumingMemoryBound(to: Element.self))
    }
}
