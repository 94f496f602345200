extension ObservableType {
    /// Combines each element of this sequence with the latest element of `second` using `resultSelector`.
    /// `second` is subscribed first; elements arriving before `second` has produced a value are dropped.
    /// Completes when this sequence completes (`second` completing changes nothing); an error from either
    /// sequence, or thrown by `resultSelector`, ends it at once. Same as RxSwift's `withLatestFrom`.
    public func withLatestFrom<Source: ObservableConvertibleType, ResultType>(
        _ second: Source, resultSelector: @escaping (Element, Source.Element) throws -> ResultType
    ) -> Observable<ResultType> {
        WithLatestFromProducer(first: asObservable(), second: second.asObservable(), resultSelector: resultSelector)
    }

    /// Emits the latest element of `second` each time this sequence emits; see
    /// `withLatestFrom(_:resultSelector:)`. Same as RxSwift's `withLatestFrom`.
    public func withLatestFrom<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Source.Element> {
        WithLatestFromProducer(first: asObservable(), second: second.asObservable(), resultSelector: { $1 })
    }
}

final class WithLatestFromProducer<First, Second, Result>: Producer<Result>, @unchecked Sendable {
    private let first: Observable<First>
    private let second: Observable<Second>
    private let resultSelector: (First, Second) throws -> Result

    init(first: Observable<First>, second: Observable<Second>, resultSelector: @escaping (First, Second) throws -> Result) {
        self.first = first
        self.second = second
        self.resultSelector = resultSelector
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Result {
        let sink = WithLatestFromSink(resultSelector: resultSelector, observer: observer, cancel: cancel)
        let subscription = sink.run(first: first, second: second)
        return (sink, subscription)
    }
}

/// Both sources' events go through one `SerialDrain`; the latest value of `second` lives in the drain.
final class WithLatestFromSink<First, Second, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = First

    enum Message {
        case first(Event<First>)
        case second(Event<Second>)
    }

    private let resultSelector: (First, Second) throws -> Observer.Element
    private let drain = SerialDrain<Message>()
    private let secondSubscription = SingleAssignmentDisposable()

    // Touched only inside the drain.
    private var latest: Second?
    private var terminated = false

    init(resultSelector: @escaping (First, Second) throws -> Observer.Element, observer: Observer, cancel: SinkLink?) {
        self.resultSelector = resultSelector
        super.init(observer: observer, cancel: cancel)
    }

    func run(first: Observable<First>, second: Observable<Second>) -> Disposable {
        // RxSwift subscribes the second source first, so a value it has at once (e.g. a BehaviorSubject's)
        // is available to the first source's first element.
        secondSubscription.setDisposable(second.subscribe(WithLatestFromSecondObserver(sink: self)))
        let firstSubscription = first.subscribe(self)
        return Disposables.create(firstSubscription, secondSubscription)
    }

    func on(_ event: Event<First>) {
        submit(.first(event))
    }

    func submit(_ message: Message) {
        drain.submit(message) { handle($0) }
    }

    private func handle(_ message: Message) {
        if terminated { return }
        switch message {
        case .first(.next(let element)):
            guard let latest else { return }
            let result: Observer.Element
            do {
                result = try resultSelector(element, latest)
            } catch {
                terminate(.error(error))
                return
            }
            forwardOn(.next(result))
        case .first(.error(let error)), .second(.error(let error)):
            terminate(.error(error))
        case .first(.completed):
            terminate(.completed)
        case .second(.next(let value)):
            latest = value
        case .second(.completed):
            secondSubscription.dispose()  // keep the last value; nothing else changes
        }
    }

    private func terminate(_ event: Event<Observer.Element>) {
        terminated = true
        forwardTerminal(event)
    }
}

final class WithLatestFromSecondObserver<First, Second, Observer: ObserverType>: ObserverType, @unchecked Sendable {
    private let sink: WithLatestFromSink<First, Second, Observer>

    init(sink: WithLatestFromSink<First, Second, Observer>) {
        self.sink = sink
    }

    func on(_ event: Event<Second>) {
        sink.submit(.second(event))
    }
}
