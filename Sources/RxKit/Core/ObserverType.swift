import ReactiveBridgePrimitives

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
    private let lane: LaneHandle

    /// An observer that calls `eventHandler` for every event.
    public init(eventHandler: @escaping EventHandler) {
        self.observer = eventHandler
        lane = LaneHandle()
    }

    /// Wraps any observer with the same element type.
    public init<Observer: ObserverType>(_ observer: Observer) where Observer.Element == Element {
        self.observer = observer.on
        lane = LaneHandle(of: observer)
    }

    public func on(_ event: Event<Element>) { observer(event) }

    /// Sends `.next(element)`. Same as `on(.next(element))`; when the wrapped observer is one of RxKit's
    /// own, the element skips the `Event` wrapper.
    public func onNext(_ element: Element) {
        if !lane.send(element) {
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
final class ClosureObserver<Element>: ObserverType, @unchecked Sendable {
    /// 0 until the first terminal event, then 1. See `InlineWord`: must stay the first stored property.
    private var stoppedWord = InlineWord.sentinel
    private let handler: (Event<Element>) -> Void

    init(_ handler: @escaping (Event<Element>) -> Void) {
        self.handler = handler
        InlineWord.initialize(self)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if InlineWord.load(self) == 0 { handler(event) }
        case .error, .completed:
            if InlineWord.fetchOr(self, 1) == 0 { handler(event) }
        }
    }
}
