extension ObservableType {
    /// Keeps the last `count` elements and emits them, in order, when the source completes (an error
    /// drops them). Same as RxSwift's `takeLast(_:)`.
    public func takeLast(_ count: Int) -> Observable<Element> {
        precondition(count >= 0, "takeLast(_:) needs a count of zero or more (got \(count)).")
        return TakeLastProducer(source: asObservable(), count: count)
    }
}

final class TakeLastProducer<Element>: CountProducer<Element>, @unchecked Sendable {
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = TakeLastSink(count: count, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink, subscription)
    }
}

final class TakeLastSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element
    private let count: Int
    /// A ring buffer: grows up to `count`, then `oldest` marks the slot the next element overwrites.
    /// Touched only by `on(_:)`, which the source calls serially: no run-time exclusivity checks.
    @exclusivity(unchecked) private var buffer: [Element] = []
    @exclusivity(unchecked) private var oldest = 0

    init(count: Int, observer: Observer, cancel: SinkLink?) {
        self.count = count
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            if count == 0 { return }
            if buffer.count < count {
                buffer.append(element)
            } else {
                buffer[oldest] = element
                oldest = oldest + 1 == count ? 0 : oldest + 1
            }
        case .error:
            buffer = []
            forwardTerminal(event)
        case .completed:
            let kept = buffer
            buffer = []
            for index in 0..<kept.count {
                forwardOn(.next(kept[(oldest + index) % kept.count]))
            }
            forwardCompleted()
        }
    }
}
