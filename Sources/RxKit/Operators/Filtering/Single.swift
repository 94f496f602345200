extension ObservableType {
    /// Emits the source's only element as soon as it arrives and completes when the source does. Fails
    /// with `RxError.moreThanOneElement` at a second element, or `RxError.noElements` if the source
    /// completes without one. Same as RxSwift's `single()`.
    public func single() -> Observable<Element> {
        SingleElementProducer(source: asObservable(), predicate: nil)
    }

    /// `single()` over the elements that satisfy `predicate` (the others are ignored); an error thrown
    /// by `predicate` ends the sequence with that error. Same as RxSwift's `single(_:)`.
    public func single(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        SingleElementProducer(source: asObservable(), predicate: predicate)
    }
}

final class SingleElementProducer<Element>: Producer<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let predicate: ((Element) throws -> Bool)?

    init(source: Observable<Element>, predicate: ((Element) throws -> Bool)?) {
        self.source = source
        self.predicate = predicate
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = SingleElementSink(predicate: predicate, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink, subscription)
    }
}

final class SingleElementSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element
    private let predicate: ((Element) throws -> Bool)?
    private var seenElement = false

    init(predicate: ((Element) throws -> Bool)?, observer: Observer, cancel: SinkLink?) {
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            if let predicate {
                do {
                    if try !predicate(element) { return }
                } catch {
                    forwardError(error)
                    return
                }
            }
            if seenElement {
                forwardTerminal(.error(RxError.moreThanOneElement))
                return
            }
            seenElement = true
            forwardOn(event)
        case .error:
            forwardTerminal(event)
        case .completed:
            forwardTerminal(seenElement ? .completed : .error(RxError.noElements))
        }
    }
}
