extension ObservableType {
    /// Transforms each element with `transform`; an error thrown by `transform` ends the sequence with
    /// that error. Same as RxSwift's `map`.
    ///
    /// Adjacent `map`s and `filter`s run in one sink per subscription (see `MapFilterProducer`); what the
    /// subscriber observes is the same as with one sink per operator.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        asObservable().composeMap(transform)
    }
}

/// A run of adjacent `map` and `filter` stages as one function: applies the stages in order to an element
/// and calls `emit` with the result if every filter kept it. The `ObserverNode` is the subscription's sink:
/// before each stage after the first, the step stops if the sink was disposed, exactly where a chain of
/// one sink per operator would stop (a disposed sink forwards nothing, so the next operator's closure
/// would not run). A thrown error ends the step and reaches the sink, which sends it downstream, as the
/// throwing operator's own sink would.
///
/// Written in continuation-passing style on purpose: a stage that returned `Result?` would need
/// `Optional<Result>`'s generic metadata — a runtime hash-table look-up — on every element in
/// unspecialised code; a continuation needs none, and no allocation (the closures are non-escaping).
typealias MapFilterStep<Source, Result> = (Source, ObserverNode, (Result) throws -> Void) throws -> Void

/// `map` and `filter`, fused: `source.map(f).filter(p).map(g)` is one producer whose step runs f, p and g,
/// and one sink per subscription instead of three (RxSwift fuses adjacent maps the same way for speed).
/// Fusing changes nothing a subscriber can observe: the closures run in the same order on the same
/// elements, nothing runs after disposal (see `MapFilterStep`), and errors and completion are forwarded
/// as by separate sinks. Each operator's producer stays a valid observable of its own (it keeps its own
/// step), so a chain can branch from any point.
final class MapFilterProducer<Source, Result>: Producer<Result>, @unchecked Sendable {
    private let source: Observable<Source>
    private let step: MapFilterStep<Source, Result>

    init(source: Observable<Source>, step: @escaping MapFilterStep<Source, Result>) {
        self.source = source
        self.step = step
    }

    override func composeMap<Next>(_ transform: @escaping (Result) throws -> Next) -> Observable<Next> {
        let step = self.step
        return MapFilterProducer<Source, Next>(source: source, step: { element, node, emit in
            try step(element, node) { value in
                if node.sinkIsDisposed { return }
                try emit(try transform(value))
            }
        })
    }

    override func composeFilter(_ predicate: @escaping (Result) throws -> Bool) -> Observable<Result> {
        let step = self.step
        return MapFilterProducer(source: source, step: { element, node, emit in
            try step(element, node) { value in
                if node.sinkIsDisposed { return }
                if try predicate(value) { try emit(value) }
            }
        })
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
        where Observer.Element == Result {
        let sink = MapFilterSink<Source, Result, Observer>(step: step, observer: observer, cancel: cancel)
        return (sink, source.subscribe(sink))
    }
}

/// `Source` and `Result` are generic parameters of their own (not read as `Observer.Element`), so the
/// per-element path finds their metadata in the sink's own generic arguments instead of an
/// associated-type look-up.
final class MapFilterSink<Source, Result, Observer: ObserverType>: Sink<Observer>, TypedElementLane, @unchecked Sendable
    where Observer.Element == Result {
    private let step: MapFilterStep<Source, Result>

    init(step: @escaping MapFilterStep<Source, Result>, observer: Observer, cancel: Cancelable) {
        self.step = step
        super.init(observer: observer, cancel: cancel)
        hasElementLane = true
        hasTerminalLane = true
    }

    override func onTerminal(_ error: Swift.Error?) {
        if let error {
            forwardError(error)
        } else {
            forwardCompleted()
        }
    }

    func on(_ event: Event<Source>) {
        switch event {
        case .next(let element):
            onNextElement(element)
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }

    func onNextElement(_ element: Source) {
        do {
            try step(element, self) { result in forwardNext(result) }
        } catch {
            forwardError(error)
        }
    }

    override func onNextElement(at element: UnsafeRawPointer) {
        onNextElement(element.assumingMemoryBound(to: Source.self).pointee)
    }
}
