extension ObservableType {
    /// Resubscribes to the source after a failure when the sequence returned by `notificationHandler`
    /// emits an element. `notificationHandler` runs once per subscription and receives the source's
    /// errors; its sequence's `completed` or `error` ends the result the next time the source fails (at
    /// once if the source has already failed and waits for it). Errors that are not `Error` end the
    /// result at once. Same as RxSwift's `retry(when:)`.
    public func retry<TriggerObservable: ObservableType, Error: Swift.Error>(
        when notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
    ) -> Observable<Element> {
        RetryWhenProducer(source: asObservable(), notificationHandler: notificationHandler)
    }

    /// `retry(when:)` receiving every error as `Swift.Error`. Same as RxSwift's `retry(when:)`.
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> Observable<Element> {
        RetryWhenProducer(source: asObservable(), notificationHandler: notificationHandler)
    }

    /// Renamed `retry(when:)` in RxSwift 6.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType, Error: Swift.Error>(
        _ notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
    ) -> Observable<Element> {
        retry(when: notificationHandler)
    }

    /// Renamed `retry(when:)` in RxSwift 6.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType>(
        _ notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> Observable<Element> {
        retry(when: notificationHandler)
    }
}

final class RetryWhenProducer<Element, ErrorType: Swift.Error, TriggerObservable: ObservableType>: Producer<Element>, @unchecked Sendable {
    typealias NotificationHandler = (Observable<ErrorType>) -> TriggerObservable

    private let source: Observable<Element>
    private let notificationHandler: NotificationHandler

    init(source: Observable<Element>, notificationHandler: @escaping NotificationHandler) {
        self.source = source
        self.notificationHandler = notificationHandler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = RetryWhenSink<Observer, ErrorType, TriggerObservable>(source: source, observer: observer, cancel: cancel)
        let subscription = sink.run(notificationHandler)
        return (sink, subscription)
    }
}

/// Source events (tagged with their attempt) and trigger events meet in one `SerialDrain`.
///
/// As in RxSwift, trigger elements only matter while a failure waits for one; a trigger's terminal
/// event is kept and ends the result when the source next fails.
final class RetryWhenSink<Observer: ObserverType, ErrorType: Swift.Error, TriggerObservable: ObservableType>: Sink<Observer>, @unchecked Sendable {
    typealias Element = Observer.Element

    enum Message {
        case subscribeSource
        case source(Event<Element>, attempt: Int)
        case trigger(Event<TriggerObservable.Element>)
    }

    private let source: Observable<Element>
    private let errors = PublishSubject<ErrorType>()
    private let drain = SerialDrain<Message>()
    private let sourceSubscription = SerialDisposable()
    private let triggerSubscription = SingleAssignmentDisposable()
    // Touched only inside the drain:
    private var attempt = 0
    private var waitingForTrigger = false
    private var triggerTerminal: Event<Element>?

    init(source: Observable<Element>, observer: Observer, cancel: SinkLink?) {
        self.source = source
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ notificationHandler: (Observable<ErrorType>) -> TriggerObservable) -> Disposable {
        let trigger = notificationHandler(errors.asObservable())
        triggerSubscription.setDisposable(trigger.subscribe(RetryWhenTriggerObserver(sink: self)))
        submit(.subscribeSource)
        return Disposables.create(sourceSubscription, triggerSubscription)
    }

    func submit(_ message: Message) {
        drain.submit(message) { handle($0) }
    }

    private func handle(_ message: Message) {
        if isDisposed { return }
        switch message {
        case .subscribeSource:
            subscribeSource()
        case .source(let event, let eventAttempt):
            guard eventAttempt == attempt else { return }
            switch event {
            case .next:
                forwardOn(event)
            case .completed:
                forwardTerminal(event)
            case .error(let error):
                guard let typedError = error as? ErrorType else {
                    forwardTerminal(event)
                    return
                }
                sourceSubscription.disposable = Disposables.create()  // unsubscribe the failed source now
                if let triggerTerminal {
                    forwardTerminal(triggerTerminal)
                    return
                }
                waitingForTrigger = true
                errors.on(.next(typedError))
            }
        case .trigger(let event):
            switch event {
            case .next:
                guard waitingForTrigger else { return }
                waitingForTrigger = false
                subscribeSource()
            case .error, .completed:
                triggerSubscription.dispose()  // the trigger is over: unsubscribe it now
                let terminal: Event<Element> = event.error.map { .error($0) } ?? .completed
                if waitingForTrigger { forwardTerminal(terminal) } else { triggerTerminal = terminal }
            }
        }
    }

    private func subscribeSource() {
        attempt += 1
        sourceSubscription.disposable = source.subscribe(RetryWhenSourceObserver(sink: self, attempt: attempt))
    }
}

/// Tags one source subscription's events with its attempt number.
final class RetryWhenSourceObserver<Observer: ObserverType, ErrorType: Swift.Error, TriggerObservable: ObservableType>: ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element
    private let sink: RetryWhenSink<Observer, ErrorType, TriggerObservable>
    private let attempt: Int

    init(sink: RetryWhenSink<Observer, ErrorType, TriggerObservable>, attempt: Int) {
        self.sink = sink
        self.attempt = attempt
    }

    func on(_ event: Event<Element>) {
        sink.submit(.source(event, attempt: attempt))
    }
}

/// Feeds the trigger sequence's events to the sink.
final class RetryWhenTriggerObserver<Observer: ObserverType, ErrorType: Swift.Error, TriggerObservable: ObservableType>: ObserverType, @unchecked Sendable {
    typealias Element = TriggerObservable.Element
    private let sink: RetryWhenSink<Observer, ErrorType, TriggerObservable>

    init(sink: RetryWhenSink<Observer, ErrorType, TriggerObservable>) {
        self.sink = sink
    }

    func on(_ event: Event<Element>) {
        sink.submit(.trigger(event))
    }
}
