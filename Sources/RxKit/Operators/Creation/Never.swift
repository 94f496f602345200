extension ObservableType {
    /// A sequence that never sends anything. Same as RxSwift's `never`.
    public static func never() -> Observable<Element> {
        NeverProducer()
    }
}

final class NeverProducer<Element>: Producer<Element>, @unchecked Sendable {
    /// `subscribe(_:)` below keeps no link: a closure subscription holds what it returns.
    override var linksClosureSubscriber: Bool { false }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        Disposables.create()
    }
}
