extension ObservableType {
    /// A sequence that never sends anything. Same as RxSwift's `never`.
    public static func never() -> Observable<Element> {
        NeverProducer()
    }
}

final class NeverProducer<Element>: Producer<Element>, @unchecked Sendable {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        Disposables.create()
    }
}
