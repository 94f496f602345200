extension ObservableType {
    /// Sends each intermediate result of folding the elements into `seed` with `accumulator`, which
    /// mutates the accumulated value in place (the seed itself is not sent). An error thrown by
    /// `accumulator` ends the sequence with that error. Same as RxSwift's `scan(into:accumulator:)`.
    public func scan<A>(into seed: A, accumulator: @escaping (inout A, Element) throws -> Void) -> Observable<A> {
        ScanProducer(source: asObservable(), seed: seed, accumulator: accumulator)
    }

    /// Sends each intermediate result of folding the elements into `seed` with `accumulator` (the
    /// seed itself is not sent). An error thrown by `accumulator` ends the sequence with that error.
    /// Same as RxSwift's `scan(_:accumulator:)`.
    public func scan<A>(_ seed: A, accumulator: @escaping (A, Element) throws -> A) -> Observable<A> {
        ScanProducer(source: asObservable(), seed: seed) { accumulated, element in
            accumulated = try accumulator(accumulated, element)
        }
    }
}

final class ScanProducer<Source, Accumulate>: Producer<Accumulate>, @unchecked Sendable {
    private let source: Observable<Source>
    private let seed: Accumulate
    private let accumulator: (inout Accumulate, Source) throws -> Void

    init(source: Observable<Source>, seed: Accumulate, accumulator: @escaping (inout Accumulate, Source) throws -> Void) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Accumulate {
        let sink = ScanSink<Source, Observer>(seed: seed, accumulator: accumulator, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink, subscription)
    }
}

final class ScanSink<Source, Observer: ObserverType>: ElementSink<Source, Observer>, @unchecked Sendable {
    typealias Accumulate = Observer.Element
    @exclusivity(unchecked) private var accumulated: Accumulate  // touched only by elements, which upstream sends serially
    private let accumulator: (inout Accumulate, Source) throws -> Void

    init(seed: Accumulate, accumulator: @escaping (inout Accumulate, Source) throws -> Void, observer: Observer, cancel: SinkLink?) {
        self.accumulated = seed
        self.accumulator = accumulator
        super.init(observer: observer, cancel: cancel)
    }

    override func onNextElement(_ element: Source) {
        do {
            try accumulator(&accumulated, element)
            forwardNext(accumulated)
        } catch {
            forwardError(error)
        }
    }
}
