extension ObservableType {
    /// A sequence that completes at once, without elements. Same as RxSwift's `empty`.
    public static func empty() -> Observable<Element> {
        EmptyProducer()
    }
}

final class EmptyProducer<Element>: Producer<Element>, @unchecked Sendable {
    /// `subscribe(_:)` below keeps no link: a closure subscription holds what it returns.
    override var linksClosureSubscriber: Bool { false }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        if !LaneHandle(of: observer).sendTerminal(nil) { sendCompletedAsEvent(to: observer) }
        return Disposables.create()
    }
}
