extension ObservableType {
    /// Keeps the elements for which `predicate` returns `true`; an error thrown by `predicate` ends the
    /// sequence with that error. Same as RxSwift's `filter`.
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        FilterProducer(source: asObservable(), predicate: predicate)
    }
}

final class FilterProducer<Element>: Producer<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let predicate: (Element) throws -> Bool

    init(source: Observable<Element>, predicate: @escaping (Element) throws -> Bool) {
        self.source = source
        self.predicate = predicate
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
        where Observer.Element == Element {
        let sink = FilterSink<Element, Observer>(predicate: predicate, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

/// `Element` is a generic parameter of its own (see `MapSink`).
final class FilterSink<Element, Observer: ObserverType>: Sink<Observer>, TypedElementLane, @unchecked Sendable
    where Observer.Element == Element {
    private let predicate: (Element) throws -> Bool

    init(predicate: @escaping (Element) throws -> Bool, observer: Observer, cancel: Cancelable) {
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
        selfLane = self
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNextElement(element)
        case .error, .completed:
            forwardTerminal(event)
        }
    }

    func onNextElement(_ element: Element) {
        do {
            if try predicate(element) { forwardNext(element) }
        } catch {
            forwardError(error)
        }
    }

    override func onNextElement(at element: UnsafeRawPointer) {
        onNextElement(element.assumingMemoryBound(to: Element.self).pointee)
    }
}
