extension ObservableType {
    /// Projects each element to an inner sequence with `selector` and mirrors only the most recent one:
    /// on each new element the previous inner sequence is disposed *before* the new one is subscribed.
    /// Completes once the source and the current inner sequence have completed; any error, or one thrown
    /// by `selector`, ends it at once. Same as RxSwift's `flatMapLatest`.
    public func flatMapLatest<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source)
        -> Observable<Source.Element> {
        SwitchLatestProducer(source: asObservable(), selector: selector)
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Mirrors the most recent inner sequence, disposing the previous one before subscribing the new one.
    /// Completes once the source and the current inner sequence have completed.
    /// Same as RxSwift's `switchLatest`.
    public func switchLatest() -> Observable<Element.Element> {
        SwitchLatestProducer(source: asObservable(), selector: { $0 })
    }
}

final class SwitchLatestProducer<SourceElement, Inner: ObservableConvertibleType>: Producer<Inner.Element>, @unchecked Sendable {
    private let source: Observable<SourceElement>
    private let selector: (SourceElement) throws -> Inner

    init(source: Observable<SourceElement>, selector: @escaping (SourceElement) throws -> Inner) {
        self.source = source
        self.selector = selector
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
        where Observer.Element == Inner.Element {
        let sink = SwitchLatestSink(selector: selector, observer: observer, cancel: cancel)
        return (sink, sink.run(source))
    }
}

/// One `switchLatest`/`flatMapLatest` subscription; source and inner events share one `SerialDrain`.
/// Each inner subscription carries a generation number, and events of a replaced generation are dropped.
final class SwitchLatestSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable
    where Observer.Element == Inner.Element {
    typealias Element = SourceElement

    enum Message {
        case outer(Event<SourceElement>)
        case inner(generation: UInt64, Event<Inner.Element>)
    }

    private let selector: (SourceElement) throws -> Inner
    private let drain = SerialDrain<Message>()
    private let outerSubscription = SingleAssignmentDisposable()
    private let innerSubscription = SerialDisposable()

    // Touched only inside the drain.
    private var generation: UInt64 = 0
    private var hasActiveInner = false
    private var outerCompleted = false
    private var terminated = false

    init(selector: @escaping (SourceElement) throws -> Inner, observer: Observer, cancel: Cancelable) {
        self.selector = selector
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        outerSubscription.setDisposable(source.subscribe(self))
        return Disposables.create(outerSubscription, innerSubscription)
    }

    func on(_ event: Event<SourceElement>) {
        submit(.outer(event))
    }

    func submit(_ message: Message) {
        drain.submit(message) { handle($0) }
    }

    private func handle(_ message: Message) {
        if terminated { return }
        switch message {
        case .outer(.next(let element)):
            let inner: Inner
            do {
                inner = try selector(element)
            } catch {
                terminate(.error(error))
                return
            }
            generation &+= 1
            hasActiveInner = true
            let subscription = SingleAssignmentDisposable()
            innerSubscription.disposable = subscription  // disposes the previous inner first
            let innerObserver = SwitchLatestInnerObserver(sink: self, generation: generation)
            subscription.setDisposable(inner.asObservable().subscribe(innerObserver))
        case .outer(.error(let error)):
            terminate(.error(error))
        case .outer(.completed):
            outerCompleted = true
            outerSubscription.dispose()
            if !hasActiveInner { terminate(.completed) }
        case .inner(let innerGeneration, let event):
            guard innerGeneration == generation else { return }
            switch event {
            case .next(let element):
                forwardOn(.next(element))
            case .error(let error):
                terminate(.error(error))
            case .completed:
                hasActiveInner = false
                innerSubscription.disposable = Disposables.create()  // releases the finished inner
                if outerCompleted { terminate(.completed) }
            }
        }
    }

    private func terminate(_ event: Event<Observer.Element>) {
        terminated = true
        forwardTerminal(event)
    }
}

/// Receives one inner sequence's events, tagged with its generation.
final class SwitchLatestInnerObserver<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType>: ObserverType, @unchecked Sendable
    where Observer.Element == Inner.Element {
    private let sink: SwitchLatestSink<SourceElement, Inner, Observer>
    private let generation: UInt64

    init(sink: SwitchLatestSink<SourceElement, Inner, Observer>, generation: UInt64) {
        self.sink = sink
        self.generation = generation
    }

    func on(_ event: Event<Inner.Element>) {
        sink.submit(.inner(generation: generation, event))
    }
}
