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

final class TakeUntilProducer<Element, Other>: UntilOtherProducer<Element, Other>, @unchecked Sendable {
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = TakeUntilSink<Other, Observer>(observer: observer, cancel: cancel)
        let otherObserver = UntilOtherObserver<Other, TakeUntilSink<Other, Observer>>(sink: sink)
        sink.otherSubscription.setDisposable(other.subscribe(otherObserver))
        let sourceSubscription = source.subscribe(sink)
        return (sink, Disposables.create(sourceSubscription, sink.otherSubscription))
    }
}

final class TakeUntilSink<Other, Observer: ObserverType>: Sink<Observer>, ObserverType, UntilOtherSink, @unchecked Sendable {
    typealias Element = Observer.Element
    let otherSubscription = SingleAssignmentDisposable()
    private let drain = SerialDrain<UntilOtherMessage<Element>>()

    func on(_ event: Event<Element>) {
        submit(.source(event))
    }

    func submit(_ message: UntilOtherMessage<Element>) {
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
