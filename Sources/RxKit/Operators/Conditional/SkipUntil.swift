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

final class SkipUntilProducer<Element, Other>: UntilOtherProducer<Element, Other>, @unchecked Sendable {
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = SkipUntilSink<Other, Observer>(observer: observer, cancel: cancel)
        let sourceSubscription = source.subscribe(sink)
        sink.otherSubscription.setDisposable(other.subscribe(UntilOtherObserver<Other, SkipUntilSink<Other, Observer>>(sink: sink)))
        return (sink, Disposables.create(sourceSubscription, sink.otherSubscription))
    }
}

final class SkipUntilSink<Other, Observer: ObserverType>: Sink<Observer>, ObserverType, UntilOtherSink, @unchecked Sendable {
    typealias Element = Observer.Element
    let otherSubscription = SingleAssignmentDisposable()
    private let drain = SerialDrain<UntilOtherMessage<Element>>()
    private var open = false  // only touched inside the drain

    func on(_ event: Event<Element>) {
        submit(.source(event))
    }

    func submit(_ message: UntilOtherMessage<Element>) {
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
