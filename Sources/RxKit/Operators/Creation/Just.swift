extension ObservableType {
    /// A sequence of one element, then completion. Same as RxSwift's `just`.
    @inlinable  // the producer is then made in the caller's specialised code: no metadata look-up per `just`
    public static func just(_ element: Element) -> Observable<Element> {
        JustProducer(element)
    }
}

@usableFromInline
final class JustProducer<Element>: Producer<Element>, @unchecked Sendable {
    /// `subscribe(_:)` below keeps no link: a closure subscription holds what it returns.
    override var linksClosureSubscriber: Bool { false }

    private let element: Element

    @usableFromInline
    init(_ element: Element) {
        self.element = element
    }

    override var isJust: Bool { true }

    override func withJustElement(_ body: (UnsafeRawPointer) throws -> Void) rethrows -> Bool {
        // `&value` rather than `withUnsafePointer(to:)`: see `ElementLane.send`.
        var value = element
        try Self.lend(&value, to: body)
        return true
    }

    @inline(__always)
    private static func lend(_ element: UnsafePointer<Element>, to body: (UnsafeRawPointer) throws -> Void) rethrows {
        try body(UnsafeRawPointer(element))
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        // Through the observer's lanes when it has them: no `Event<Element>` is built (a metadata look-up
        // per event in unspecialised code, and `flatMap { just($0) }` subscribes one per element).
        let lane = LaneHandle(of: observer)
        if !lane.send(element) { Self.sendNextAsEvent(element, to: observer) }
        if !lane.sendTerminal(nil) { sendCompletedAsEvent(to: observer) }
        return Disposables.create()
    }

    override func subscribeSynchronously(
        onNext: ((Element) -> Void)?,
        onError: ((Swift.Error) -> Void)?,
        onCompleted: (() -> Void)?,
        onDisposed: (() -> Void)?,
        callStack: [String]
    ) -> Bool {
        // No trampoline, as `subscribe(_:)` above: RxSwift's `Just` overrides `subscribe` itself (it is the
        // `Producer.subscribe` it bypasses that starts one).
        onNext?(element)
        finishClosureSubscription(nil, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed, callStack: callStack)
        return true
    }

    /// The `Event` fallback, out of line so the lane path needs no `Event` metadata (the optimiser would
    /// otherwise fetch it on entry).
    @inline(never)
    private static func sendNextAsEvent<Observer: ObserverType>(_ element: Element, to observer: Observer) where Observer.Element == Element {
        observer.on(.next(element))
    }
}

/// `observer.on(.completed)`, out of line (see `JustProducer.sendNextAsEvent`).
@inline(never)
func sendCompletedAsEvent<Observer: ObserverType>(to observer: Observer) {
    observer.on(.completed)
}

/// `observer.on(.error(error))`, out of line (see `JustProducer.sendNextAsEvent`).
@inline(never)
func sendErrorAsEvent<Observer: ObserverType>(_ error: Swift.Error, to observer: Observer) {
    observer.on(.error(error))
}
