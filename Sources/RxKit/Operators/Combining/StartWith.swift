extension ObservableType {
    /// Sends `elements` first, at subscription, then subscribes to the source and forwards it.
    /// Same as RxSwift's `startWith(_:)`.
    public func startWith(_ elements: Element...) -> Observable<Element> {
        StartWithProducer(source: asObservable(), elements: elements)
    }
}

final class StartWithProducer<Element>: Producer<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let elements: [Element]

    init(source: Observable<Element>, elements: [Element]) {
        self.source = source
        self.elements = elements
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = StartWithSink(observer: observer, cancel: cancel)
        for element in elements {
            sink.forwardNext(element)
        }
        let subscription = source.subscribe(sink)
        return (sink, subscription)
    }
}

/// Passes upstream's elements on through the element lane (no `Event` per element; see ARCHITECTURE.md).
final class StartWithSink<Observer: ObserverType>: PassThroughElementSink<Observer>, @unchecked Sendable {}
