extension ObservableType {
    /// Emits `default` before completing if the source completes without any element.
    /// Same as RxSwift's `ifEmpty(default:)`.
    public func ifEmpty(default: Element) -> Observable<Element> {
        DefaultIfEmptyProducer(source: asObservable(), defaultElement: `default`)
    }

    /// Continues with `other` if the source completes without any element.
    /// Same as RxSwift's `ifEmpty(switchTo:)`.
    public func ifEmpty(switchTo other: Observable<Element>) -> Observable<Element> {
        SwitchIfEmptyProducer(source: asObservable(), other: other)
    }
}

final class DefaultIfEmptyProducer<Element>: Producer<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let defaultElement: Element

    init(source: Observable<Element>, defaultElement: Element) {
        self.source = source
        self.defaultElement = defaultElement
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = DefaultIfEmptySink(defaultElement: defaultElement, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink, subscription)
    }
}

final class DefaultIfEmptySink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element
    private let defaultElement: Element
    private var isEmpty = true

    init(defaultElement: Element, observer: Observer, cancel: SinkLink?) {
        self.defaultElement = defaultElement
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            isEmpty = false
            forwardOn(event)
        case .error:
            forwardTerminal(event)
        case .completed:
            if isEmpty { forwardOn(.next(defaultElement)) }
            forwardCompleted()
        }
    }
}

final class SwitchIfEmptyProducer<Element>: Producer<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let other: Observable<Element>

    init(source: Observable<Element>, other: Observable<Element>) {
        self.source = source
        self.other = other
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = SwitchIfEmptySink(other: other, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink, subscription)
    }
}

/// Observes the source; if it completes empty, subscribes `other` in its place.
final class SwitchIfEmptySink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element
    private let other: Observable<Element>
    /// The source subscription, replaced by `other`'s when the source completes empty.
    private let subscription = SerialDisposable()
    private var isEmpty = true

    init(other: Observable<Element>, observer: Observer, cancel: SinkLink?) {
        self.other = other
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<Element>) -> Disposable {
        let sourceSubscription = SingleAssignmentDisposable()
        subscription.disposable = sourceSubscription
        sourceSubscription.setDisposable(source.subscribe(self))
        return subscription
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next:
            isEmpty = false
            forwardOn(event)
        case .error:
            forwardTerminal(event)
        case .completed:
            guard isEmpty else {
                forwardTerminal(event)
                return
            }
            if isDisposed { return }
            subscription.disposable = other.subscribe(SwitchIfEmptyOtherObserver(sink: self))
        }
    }
}

/// Forwards `other`'s events after the source completed empty.
final class SwitchIfEmptyOtherObserver<Observer: ObserverType>: ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element
    private let sink: SwitchIfEmptySink<Observer>

    init(sink: SwitchIfEmptySink<Observer>) {
        self.sink = sink
    }

    func on(_ event: Event<Element>) {
        if event.isStopEvent {
            sink.forwardTerminal(event)
        } else {
            sink.forwardOn(event)
        }
    }
}
