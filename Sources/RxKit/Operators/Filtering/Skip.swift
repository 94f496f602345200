extension ObservableType {
    /// Drops the first `count` elements and emits the rest. Same as RxSwift's `skip(_:)`.
    ///
    /// A negative count is a precondition failure here (RxSwift treats it as 0).
    public func skip(_ count: Int) -> Observable<Element> {
        precondition(count >= 0, "skip(_:) needs a count of zero or more (got \(count)).")
        return SkipCountProducer(source: asObservable(), count: count)
    }
}

final class SkipCountProducer<Element>: CountProducer<Element>, @unchecked Sendable {
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = SkipCountSink(remaining: count, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink, subscription)
    }
}

/// Takes elements through the element lane (no `Event` per element; see ARCHITECTURE.md).
final class SkipCountSink<Observer: ObserverType>: ElementSink<Observer.Element, Observer>, @unchecked Sendable {
    @exclusivity(unchecked) private var remaining: Int  // touched only by elements, which upstream sends serially

    init(remaining: Int, observer: Observer, cancel: SinkLink?) {
        self.remaining = remaining
        super.init(observer: observer, cancel: cancel)
    }

    override func onNextElement(_ element: Element) {
        if remaining > 0 {
            remaining -= 1
        } else {
            forwardNext(element)
        }
    }
}
