extension ObservableType {
    /// Transforms each element with `transform`; an error thrown by `transform` ends the sequence with
    /// that error. Same as RxSwift's `map`.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        MapProducer(source: asObservable(), transform: transform)
    }
}

final class MapProducer<Source, Result>: Producer<Result>, @unchecked Sendable {
    private let source: Observable<Source>
    private let transform: (Source) throws -> Result

    init(source: Observable<Source>, transform: @escaping (Source) throws -> Result) {
        self.source = source
        self.transform = transform
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
        where Observer.Element == Result {
        let sink = MapSink<Source, Result, Observer>(transform: transform, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

/// `Result` is a generic parameter of its own (not read as `Observer.Element`), so the per-element path
/// finds its metadata in the sink's own generic arguments instead of an associated-type look-up.
final class MapSink<Source, Result, Observer: ObserverType>: Sink<Observer>, TypedElementLane, @unchecked Sendable
    where Observer.Element == Result {
    private let transform: (Source) throws -> Result

    init(transform: @escaping (Source) throws -> Result, observer: Observer, cancel: Cancelable) {
        self.transform = transform
        super.init(observer: observer, cancel: cancel)
        selfLane = self
    }

    func on(_ event: Event<Source>) {
        switch event {
        case .next(let element):
            onNextElement(element)
        case .error(let error):
            forwardTerminal(.error(error))
        case .completed:
            forwardTerminal(.completed)
        }
    }

    func onNextElement(_ element: Source) {
        do {
            forwardNext(try transform(element))
        } catch {
            forwardError(error)
        }
    }

    override func onNextElement(at element: UnsafeRawPointer) {
        onNextElement(element.assumingMemoryBound(to: Source.self).pointee)
    }
}
