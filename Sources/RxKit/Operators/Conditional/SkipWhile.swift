extension ObservableType {
    /// Drops elements while `predicate` returns `true`; from the first element for which it returns
    /// `false`, emits everything (`predicate` is not called again). An error thrown by `predicate` ends
    /// the sequence with that error. Same as RxSwift's `skip(while:)`.
    public func skip(while predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        SkipWhileProducer(source: asObservable(), predicate: predicate)
    }

    /// Same as `skip(while:)`. Deprecated in RxSwift 6, as here.
    @available(*, deprecated, renamed: "skip(while:)")
    public func skipWhile(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        skip(while: predicate)
    }
}

final class SkipWhileProducer<Element>: Producer<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let predicate: (Element) throws -> Bool

    init(source: Observable<Element>, predicate: @escaping (Element) throws -> Bool) {
        self.source = source
        self.predicate = predicate
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = SkipWhileSink(predicate: predicate, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink, subscription)
    }
}

/// Takes elements through the element lane (no `Event` per element; see ARCHITECTURE.md).
final class SkipWhileSink<Observer: ObserverType>: ElementSink<Observer.Element, Observer>, @unchecked Sendable {
    private let predicate: (Element) throws -> Bool
    @exclusivity(unchecked) private var passing = false  // touched only by elements, which upstream sends serially

    init(predicate: @escaping (Element) throws -> Bool, observer: Observer, cancel: SinkLink?) {
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
    }

    override func onNextElement(_ element: Element) {
        if !passing {
            do {
                passing = try !predicate(element)
            } catch {
                forwardError(error)
                return
            }
            if !passing { return }
        }
        forwardNext(element)
    }
}
