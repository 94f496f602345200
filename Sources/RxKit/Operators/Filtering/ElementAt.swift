extension ObservableType {
    /// Emits only the element at `index` (0-based), then completes. If the source completes first, fails
    /// with `RxError.argumentOutOfRange`. Same as RxSwift's `element(at:)`.
    public func element(at index: Int) -> Observable<Element> {
        precondition(index >= 0, "element(at:) needs a non-negative index (got \(index)); indexes start at 0.")
        return ElementAtProducer(source: asObservable(), index: index)
    }

    /// Same as `element(at:)`. Deprecated in RxSwift 6, as here.
    @available(*, deprecated, renamed: "element(at:)")
    public func elementAt(_ index: Int) -> Observable<Element> {
        element(at: index)
    }
}

final class ElementAtProducer<Element>: Producer<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let index: Int

    init(source: Observable<Element>, index: Int) {
        self.source = source
        self.index = index
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = ElementAtSink(remaining: index, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink, subscription)
    }
}

final class ElementAtSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element
    /// Elements still to skip before the wanted one.
    private var remaining: Int

    init(remaining: Int, observer: Observer, cancel: SinkLink?) {
        self.remaining = remaining
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            if remaining == 0 {
                forwardOn(event)
                forwardCompleted()
            } else {
                remaining -= 1
            }
        case .error:
            forwardTerminal(event)
        case .completed:
            forwardTerminal(.error(RxError.argumentOutOfRange))
        }
    }
}
