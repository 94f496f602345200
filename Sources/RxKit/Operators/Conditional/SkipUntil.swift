extension ObservableType {
    /// Drops the source's elements until `other` emits an element, then emits the rest. An error from
    /// `other` ends the sequence with that error; `other` completing without an element means nothing
    /// is ever emitted. Same as RxSwift's `skip(until:)`, including its quirk that a source completing
    /// before `other` has emitted ends the subscription *without* a completed event (RxSwift's
    /// `testSkipUntil_SomeData_Empty` expects no events).
    public func skip<Source: ObservableType>(until other: Source) -> Observable<Element> {
        SkipUntilProducer(source: asObservable(), other: other.asObservable())
    }

    /// Same as `skip(until:)`. Deprecated in RxSwift 6, as here.
    @available(*, deprecated, renamed: "skip(until:)")
    public func skipUntil<Source: ObservableType>(_ other: Source) -> Observable<Element> {
        skip(until: other)
    }
}

final class SkipUntilProducer<Element, Other>: Producer<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let other: Observable<Other>

    init(source: Observable<Element>, other: Observable<Other>) {
        self.source = source
        self.other = other
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = SkipUntilSink<Other, Observer>(observer: observer, cancel: cancel)
        let sourceSubscription = source.subscribe(sink)
        sink.otherSubscription.setDisposable(other.subscribe(SkipUntilOtherObserver(sink: sink)))
        return (sink, Disposables.create(sourceSubscription, sink.otherSubscription))
    }
}

/// What reaches the `skip(until:)` sink, from either sequence.
enum SkipUntilMessage<Element> {
    case source(Event<Element>)
    case otherNext
    case otherError(Swift.Error)
    case otherCompleted
}

final class SkipUntilSink<Other, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element
    let otherSubscription = SingleAssignmentDisposable()
    private let drain = SerialDrain<SkipUntilMessage<Element>>()
    private var open = false  // only touched inside the drain

    func on(_ event: Event<Element>) {
        submit(.source(event))
    }

    func submit(_ message: SkipUntilMessage<Element>) {
        drain.submit(message) { message in
            switch message {
            case .source(.next(let element)):
                if open { forwardOn(.next(element)) }
            case .source(.error(let error)):
                forwardError(error)
            case .source(.completed):
                if open {
                    forwardCompleted()
                } else {
                    dispose()
                }
            case .otherNext:
                open = true
                otherSubscription.dispose()
            case .otherError(let error):
                forwardError(error)
            case .otherCompleted:
                otherSubscription.dispose()
            }
        }
    }
}

final class SkipUntilOtherObserver<Other, Observer: ObserverType>: ObserverType {
    private let sink: SkipUntilSink<Other, Observer>

    init(sink: SkipUntilSink<Other, Observer>) {
        self.sink = sink
    }

    func on(_ event: Event<Other>) {
        switch event {
        case .next: sink.submit(.otherNext)
        case .error(let error): sink.submit(.otherError(error))
        case .completed: sink.submit(.otherCompleted)
        }
    }
}
