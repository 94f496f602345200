extension ObservableType {
    /// Emits the source's elements until `other` emits an element, then completes. An error from
    /// `other` ends the sequence with that error; `other` completing without an element changes nothing.
    /// Same as RxSwift's `take(until:)`, which subscribes to `other` first.
    public func take<Source: ObservableType>(until other: Source) -> Observable<Element> {
        TakeUntilProducer(source: asObservable(), other: other.asObservable())
    }

    /// Same as `take(until:)`. Deprecated in RxSwift 6, as here.
    @available(*, deprecated, renamed: "take(until:)")
    public func takeUntil<Source: ObservableType>(_ other: Source) -> Observable<Element> {
        take(until: other)
    }
}

final class TakeUntilProducer<Element, Other>: Producer<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let other: Observable<Other>

    init(source: Observable<Element>, other: Observable<Other>) {
        self.source = source
        self.other = other
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = TakeUntilSink<Other, Observer>(observer: observer, cancel: cancel)
        let otherObserver = TakeUntilOtherObserver(sink: sink)
        sink.otherSubscription.setDisposable(other.subscribe(otherObserver))
        let sourceSubscription = source.subscribe(sink)
        return (sink, Disposables.create(sourceSubscription, sink.otherSubscription))
    }
}

/// What reaches the `take(until:)` sink, from either sequence.
enum TakeUntilMessage<Element> {
    case source(Event<Element>)
    case otherNext
    case otherError(Swift.Error)
    case otherCompleted
}

final class TakeUntilSink<Other, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element
    let otherSubscription = SingleAssignmentDisposable()
    private let drain = SerialDrain<TakeUntilMessage<Element>>()

    func on(_ event: Event<Element>) {
        submit(.source(event))
    }

    func submit(_ message: TakeUntilMessage<Element>) {
        drain.submit(message) { message in
            switch message {
            case .source(let event):
                if event.isStopEvent {
                    forwardTerminal(event)
                } else {
                    forwardOn(event)
                }
            case .otherNext:
                forwardCompleted()
            case .otherError(let error):
                forwardError(error)
            case .otherCompleted:
                otherSubscription.dispose()
            }
        }
    }
}

final class TakeUntilOtherObserver<Other, Observer: ObserverType>: ObserverType {
    private let sink: TakeUntilSink<Other, Observer>

    init(sink: TakeUntilSink<Other, Observer>) {
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
