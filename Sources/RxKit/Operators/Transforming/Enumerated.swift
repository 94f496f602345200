extension ObservableType {
    /// Pairs each element with its zero-based index. Same as RxSwift's `enumerated`.
    public func enumerated() -> Observable<(index: Int, element: Element)> {
        EnumeratedProducer(source: asObservable())
    }
}

final class EnumeratedProducer<Element>: Producer<(index: Int, element: Element)>, @unchecked Sendable {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == (index: Int, element: Element) {
        let sink = EnumeratedSink<Element, Observer>(observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink, subscription)
    }
}

/// Takes elements through the element lane (no `Event` per element; see ARCHITECTURE.md).
final class EnumeratedSink<Element, Observer: ObserverType>: ElementSink<Element, Observer>, @unchecked Sendable
    where Observer.Element == (index: Int, element: Element) {
    @exclusivity(unchecked) private var index = 0  // touched only by elements, which upstream sends serially

    override func onNextElement(_ element: Element) {
        // RxSwift fails with an overflow error rather than wrapping the index.
        let (next, overflow) = index.addingReportingOverflow(1)
        if overflow {
            forwardError(RxError.overflow)
            return
        }
        let current = index
        index = next
        forwardNext((index: current, element: element))
    }
}

extension ObservableType {
    /// Transforms each element together with its zero-based index. Deprecated in RxSwift in favour of
    /// `enumerated().map(_:)`, which it is; kept so RxSwift code compiles.
    @available(*, deprecated, message: "Please use enumerated().map()")
    public func mapWithIndex<Result>(_ selector: @escaping (Element, Int) throws -> Result) -> Observable<Result> {
        enumerated().map { try selector($0.element, $0.index) }
    }
}
