extension ObservableType {
    /// At each element (or completion) of `sampler`, emits the latest source element received since the
    /// previous tick, or `defaultValue` if there was none (nothing if `defaultValue` is `nil`). When the
    /// source completes, the sequence completes at the next tick. Errors from either side end it.
    /// Same as RxSwift's `sample(_:defaultValue:)`.
    public func sample<Source: ObservableType>(_ sampler: Source, defaultValue: Element? = nil) -> Observable<Element> {
        SampleProducer(source: asObservable(), sampler: sampler.asObservable(), defaultValue: defaultValue)
    }
}

final class SampleProducer<Element, Tick>: Producer<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let sampler: Observable<Tick>
    private let defaultValue: Element?

    init(source: Observable<Element>, sampler: Observable<Tick>, defaultValue: Element?) {
        self.source = source
        self.sampler = sampler
        self.defaultValue = defaultValue
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = SampleSink<Tick, Observer>(defaultValue: defaultValue, observer: observer, cancel: cancel)
        sink.sourceSubscription.setDisposable(source.subscribe(sink))
        let samplerSubscription = sampler.subscribe(SampleTickObserver(sink: sink))
        return (sink, Disposables.create(sink.sourceSubscription, samplerSubscription))
    }
}

/// What reaches the `sample` sink, from the source or the sampler.
enum SampleMessage<Element> {
    case source(Event<Element>)
    case tick
    case samplerError(Swift.Error)
}

final class SampleSink<Tick, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element
    let sourceSubscription = SingleAssignmentDisposable()
    private let defaultValue: Element?
    private let drain = SerialDrain<SampleMessage<Element>>()
    // Only touched inside the drain, which serialises them (no run-time exclusivity checks):
    @exclusivity(unchecked) private var latest: Element?
    @exclusivity(unchecked) private var sourceEnded = false

    init(defaultValue: Element?, observer: Observer, cancel: SinkLink?) {
        self.defaultValue = defaultValue
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        submit(.source(event))
    }

    func submit(_ message: SampleMessage<Element>) {
        drain.submit(message) { message in
            switch message {
            case .source(.next(let element)):
                latest = element
            case .source(.error(let error)):
                forwardError(error)
            case .source(.completed):
                sourceEnded = true
                sourceSubscription.dispose()
            case .tick:
                if let element = latest {
                    latest = nil
                    forwardOn(.next(element))
                } else if let defaultValue {
                    forwardOn(.next(defaultValue))
                }
                if sourceEnded {
                    forwardCompleted()
                }
            case .samplerError(let error):
                forwardError(error)
            }
        }
    }
}

final class SampleTickObserver<Tick, Observer: ObserverType>: ObserverType {
    private let sink: SampleSink<Tick, Observer>

    init(sink: SampleSink<Tick, Observer>) {
        self.sink = sink
    }

    func on(_ event: Event<Tick>) {
        switch event {
        case .next, .completed: sink.submit(.tick)
        case .error(let error): sink.submit(.samplerError(error))
        }
    }
}
