extension ObservableType {
    /// A sequence of the optional's value if there is one, then completion; sent synchronously on
    /// subscription. Same as RxSwift's `from(optional:)`.
    public static func from(optional: Element?) -> Observable<Element> {
        FromOptionalProducer(optional: optional)
    }

    /// A sequence of the optional's value if there is one, then completion, sent on `scheduler` (the
    /// value in one action, the completion in the next). Same as RxSwift's `from(optional:scheduler:)`.
    public static func from(optional: Element?, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        FromOptionalScheduledProducer(optional: optional, scheduler: scheduler)
    }
}

final class FromOptionalProducer<Element>: Producer<Element>, @unchecked Sendable {
    private let optional: Element?

    init(optional: Element?) {
        self.optional = optional
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = FromOptionalSink(observer: observer, cancel: cancel)
        if let element = optional {
            sink.forwardOn(.next(element))
        }
        sink.forwardCompleted()
        return (sink, Disposables.create())
    }
}

final class FromOptionalSink<Observer: ObserverType>: Sink<Observer>, @unchecked Sendable {}

final class FromOptionalScheduledProducer<Element>: Producer<Element>, @unchecked Sendable {
    private let optional: Element?
    private let scheduler: ImmediateSchedulerType

    init(optional: Element?, scheduler: ImmediateSchedulerType) {
        self.optional = optional
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = FromOptionalScheduledSink(observer: observer, cancel: cancel)
        let subscription = sink.run(optional: optional, scheduler: scheduler)
        return (sink, subscription)
    }
}

final class FromOptionalScheduledSink<Observer: ObserverType>: Sink<Observer>, @unchecked Sendable {
    func run(optional: Observer.Element?, scheduler: ImmediateSchedulerType) -> Disposable {
        scheduler.schedule(optional) { [self] optional in
            guard let element = optional else {
                forwardCompleted()
                return Disposables.create()
            }
            forwardOn(.next(element))
            return scheduler.schedule(()) { [self] _ in
                forwardCompleted()
                return Disposables.create()
            }
        }
    }
}

extension Observable {
    /// Deprecated spelling of `from(optional:)`, kept so RxSwift code compiles. Same as RxSwift's.
    @available(*, deprecated, message: "Implicit conversions from any type to optional type are allowed and that is causing issues with `from` operator overloading.", renamed: "from(optional:)")
    public static func from(_ optional: Element?) -> Observable<Element> {
        Observable.from(optional: optional)
    }

    /// Deprecated spelling of `from(optional:scheduler:)`, kept so RxSwift code compiles. Same as RxSwift's.
    @available(*, deprecated, message: "Implicit conversions from any type to optional type are allowed and that is causing issues with `from` operator overloading.", renamed: "from(optional:scheduler:)")
    public static func from(_ optional: Element?, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        Observable.from(optional: optional, scheduler: scheduler)
    }
}
