extension ObservableType {
    /// Emits the first `count` elements, then completes (and unsubscribes) at once. `take(0)` completes
    /// without subscribing to the source. Same as RxSwift's `take(_:)`.
    public func take(_ count: Int) -> Observable<Element> {
        precondition(count >= 0, "take(_:) needs a count of zero or more (got \(count)).")
        if count == 0 {
            return Observable.empty()
        }
        return TakeCountProducer(source: asObservable(), count: count)
    }
}

final class TakeCountProducer<Element>: CountProducer<Element>, @unchecked Sendable {
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = TakeCountSink(remaining: count, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink, subscription)
    }
}

/// Takes elements through the element lane (no `Event` per element; see ARCHITECTURE.md).
final class TakeCountSink<Observer: ObserverType>: ElementSink<Observer.Element, Observer>, @unchecked Sendable {
    @exclusivity(unchecked) private var remaining: Int  // touched only by elements, which upstream sends serially

    init(remaining: Int, observer: Observer, cancel: SinkLink?) {
        self.remaining = remaining
        super.init(observer: observer, cancel: cancel)
    }

    override func onNextElement(_ element: Element) {
        guard remaining > 0 else { return }
        remaining -= 1
        forwardNext(element)
        if remaining == 0 {
            forwardCompleted()
        }
    }
}
