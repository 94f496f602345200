extension ObservableType {
    /// Folds every element into `seed` with `accumulator` and, when the source completes, sends
    /// `mapResult` of the final value, then completes. An empty source gives `mapResult(seed)`. An
    /// error thrown by either closure ends the sequence with that error.
    /// Same as RxSwift's `reduce(_:accumulator:mapResult:)`.
    public func reduce<A, Result>(
        _ seed: A,
        accumulator: @escaping (A, Element) throws -> A,
        mapResult: @escaping (A) throws -> Result
    ) -> Observable<Result> {
        ReduceProducer(source: asObservable(), seed: seed, accumulator: { accumulated, element in
            accumulated = try accumulator(accumulated, element)
        }, mapResult: mapResult)
    }

    /// Folds every element into `seed` with `accumulator` and, when the source completes, sends the
    /// final value, then completes. Same as RxSwift's `reduce(_:accumulator:)`.
    public func reduce<A>(_ seed: A, accumulator: @escaping (A, Element) throws -> A) -> Observable<A> {
        reduce(seed, accumulator: accumulator, mapResult: { $0 })
    }

    /// Like `reduce(_:accumulator:mapResult:)`, with an `accumulator` that mutates the value in place.
    /// Same as RxSwift's `reduce(into:accumulator:mapResult:)`.
    public func reduce<A, Result>(
        into seed: A,
        accumulator: @escaping (inout A, Element) throws -> Void,
        mapResult: @escaping (A) throws -> Result
    ) -> Observable<Result> {
        ReduceProducer(source: asObservable(), seed: seed, accumulator: accumulator, mapResult: mapResult)
    }

    /// Like `reduce(_:accumulator:)`, with an `accumulator` that mutates the value in place.
    /// Same as RxSwift's `reduce(into:accumulator:)`.
    public func reduce<A>(into seed: A, accumulator: @escaping (inout A, Element) throws -> Void) -> Observable<A> {
        ReduceProducer(source: asObservable(), seed: seed, accumulator: accumulator, mapResult: { $0 })
    }
}

final class ReduceProducer<Source, Accumulate, Result>: Producer<Result>, @unchecked Sendable {
    private let source: Observable<Source>
    private let seed: Accumulate
    private let accumulator: (inout Accumulate, Source) throws -> Void
    private let mapResult: (Accumulate) throws -> Result

    init(source: Observable<Source>, seed: Accumulate, accumulator: @escaping (inout Accumulate, Source) throws -> Void,
         mapResult: @escaping (Accumulate) throws -> Result) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
        self.mapResult = mapResult
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Result {
        let sink = ReduceSink<Source, Accumulate, Observer>(seed: seed, accumulator: accumulator, mapResult: mapResult,
                                                             observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink, subscription)
    }
}

final class ReduceSink<Source, Accumulate, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    private var accumulated: Accumulate  // touched only from `on`, which upstream calls serially
    private let accumulator: (inout Accumulate, Source) throws -> Void
    private let mapResult: (Accumulate) throws -> Observer.Element

    init(seed: Accumulate, accumulator: @escaping (inout Accumulate, Source) throws -> Void,
         mapResult: @escaping (Accumulate) throws -> Observer.Element, observer: Observer, cancel: SinkLink?) {
        self.accumulated = seed
        self.accumulator = accumulator
        self.mapResult = mapResult
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Source>) {
        switch event {
        case .next(let element):
            do {
                try accumulator(&accumulated, element)
            } catch {
                forwardError(error)
            }
        case .error(let error):
            forwardError(error)
        case .completed:
            do {
                let result = try mapResult(accumulated)
                forwardOn(.next(result))
                forwardCompleted()
            } catch {
                forwardError(error)
            }
        }
    }
}
