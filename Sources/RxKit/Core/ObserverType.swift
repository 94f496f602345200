/// Something that receives sequence events. Same as RxSwift's `ObserverType`.
public protocol ObserverType {
    /// The type of elements observed.
    associatedtype Element
    /// Delivers one event. RxKit never calls one observer concurrently.
    func on(_ event: Event<Element>)
}

extension ObserverType {
    /// Sends `.next(element)`.
    public func onNext(_ element: Element) { on(.next(element)) }
    /// Sends `.completed`.
    public func onCompleted() { on(.completed) }
    /// Sends `.error(error)`.
    public func onError(_ error: Swift.Error) { on(.error(error)) }
}

/// A type-erased observer. Same as RxSwift's `AnyObserver`.
public struct AnyObserver<Element>: ObserverType {
    /// The closure type behind an `AnyObserver`.
    public typealias EventHandler = (Event<Element>) -> Void

    private let observer: EventHandler
    /// The wrapped observer's element lane, if it is an RxKit observer that has one (see `ElementLane`).
    private let lane: ElementLane?

    /// An observer that calls `eventHandler` for every event.
    public init(eventHandler: @escaping EventHandler) {
        self.observer = eventHandler
        lane = nil
    }

    /// Wraps any observer with the same element type.
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        self.observer = observer.on
        lane = observer.elementLane
    }

    public func on(_ event: Event<Element>) { observer(event) }

    /// Sends `.next(element)`. Same as `on(.next(element))`; when the wrapped observer is one of RxKit's
    /// own, the element skips the `Event` wrapper.
    public func onNext(_ element: Element) {
        if let lane {
            lane.send(element)
        } else {
            nextAsEvent(element)
        }
    }

    @inline(never)
    private func nextAsEvent(_ element: Element) {
        observer(.next(element))
    }

    /// Returns `self`.
    public func asObserver() -> AnyObserver<Element> { self }
}

extension AnyObserver: @unchecked Sendable {}

extension ObserverType {
    /// Erases this observer to `AnyObserver`.
    public func asObserver() -> AnyObserver<Element> { AnyObserver(self) }

    /// An observer that transforms incoming elements with `transform` before forwarding them here.
    /// An error thrown by `transform` is forwarded as `.error`.
    public func mapObserver<Result>(_ transform: @escaping (Result) throws -> Element) -> AnyObserver<Result> {
        AnyObserver { event in self.on(event.map(transform)) }
    }
}

/// An observer built from a closure that stops after the first terminal event (grammar guard).
/// With `onNextElement`, elements arriving through the element lane skip the `Event` wrapper.
final class ClosureObserver<Element>: TypedElementLane, @unchecked Sendable {
    private let handler: (Event<Element>) -> Void
    private let nextHandler: ((Element) -> Void)?
    private let stopped = OnceFlag()

    /// `nextHandler`, if given, must do what `handler(.next(element))` would.
    init(_ handler: @escaping (Event<Element>) -> Void, onNextElement nextHandler: ((Element) -> Void)? = nil) {
        self.handler = handler
        self.nextHandler = nextHandler
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if !stopped.isSet { handler(event) }
        case .error, .completed:
            if stopped.set() { handler(event) }
        }
    }

    func onNextElement(_ element: Element) {
        if stopped.isSet { return }
        if let nextHandler {
            nextHandler(element)
        } else {
            handleAsEvent(element)
        }
    }

    func onNextElement(at element: UnsafeRawPointer) {
        onNextElement(element.assumingMemoryBound(to: Element.self).pointee)
    }

    /// Out of line so the `nextHandler` path needs no `Event` metadata.
    @inline(never)
    private func handleAsEvent(_ element: Element) {
        handler(.next(element))
    }
}
