extension ObservableType {
    /// A sequence that fails at once with `error`. Same as RxSwift's `error`.
    public static func error(_ error: Swift.Error) -> Observable<Element> {
        ErrorProducer(error)
    }
}

final class ErrorProducer<Element>: Producer<Element>, @unchecked Sendable {
    /// `subscribe(_:)` below keeps no link: a closure subscription holds what it returns.
    override var linksClosureSubscriber: Bool { false }

    private let error: Swift.Error

    init(_ error: Swift.Error) {
        self.error = error
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        if !LaneHandle(of: observer).sendTerminal(error) { observer.on(.error(error)) }
        return Disposables.create()
    }
}
