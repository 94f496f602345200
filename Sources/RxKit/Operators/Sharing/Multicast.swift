extension ObservableType {
    /// A connectable sequence sharing one subscription to the source through `subject`, for the life
    /// of the sequence. Same as RxSwift's `multicast(_:)`.
    public func multicast<Subject: SubjectType>(_ subject: Subject) -> ConnectableObservable<Subject.Element>
        where Subject.Observer.Element == Element {
        MulticastConnectableObservable(source: asObservable(), makeSubject: { subject })
    }

    /// A connectable sequence sharing one subscription to the source through a subject made by
    /// `makeSubject`; each connection gets a new subject once the previous connection has ended
    /// (terminated or disconnected). Same as RxSwift's `multicast(makeSubject:)`.
    public func multicast<Subject: SubjectType>(makeSubject: @escaping () -> Subject) -> ConnectableObservable<Subject.Element>
        where Subject.Observer.Element == Element {
        MulticastConnectableObservable(source: asObservable(), makeSubject: makeSubject)
    }

    /// For each subscription: makes a subject with `subjectSelector`, passes the source shared through
    /// it to `selector`, subscribes to `selector`'s result and then connects. An error thrown by either
    /// closure ends the sequence with it. Same as RxSwift's `multicast(_:selector:)`.
    public func multicast<Subject: SubjectType, Result>(
        _ subjectSelector: @escaping () throws -> Subject,
        selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>
    ) -> Observable<Result> where Subject.Observer.Element == Element {
        MulticastSelectorProducer(source: asObservable(), subjectSelector: subjectSelector, selector: selector)
    }
}

final class MulticastSelectorProducer<Subject: SubjectType, Result>: Producer<Result>, @unchecked Sendable {
    typealias SubjectSelector = () throws -> Subject
    typealias Selector = (Observable<Subject.Element>) throws -> Observable<Result>

    private let source: Observable<Subject.Observer.Element>
    private let subjectSelector: SubjectSelector
    private let selector: Selector

    init(source: Observable<Subject.Observer.Element>, subjectSelector: @escaping SubjectSelector, selector: @escaping Selector) {
        self.source = source
        self.subjectSelector = subjectSelector
        self.selector = selector
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Result {
        let sink = MulticastSelectorSink(observer: observer, cancel: cancel)
        do {
            let subject = try subjectSelector()
            let connectable = MulticastConnectableObservable(source: source, makeSubject: { subject })
            let result = try selector(connectable)
            let subscription = result.subscribe(sink)
            let connection = connectable.connect()
            return (sink, Disposables.create(subscription, connection))
        } catch {
            sink.forwardError(error)
            return (sink, Disposables.create())
        }
    }
}

final class MulticastSelectorSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element

    func on(_ event: Event<Element>) {
        if event.isStopEvent {
            forwardTerminal(event)
        } else {
            forwardOn(event)
        }
    }
}
