extension ObservableType {
    /// Continues a sequence that fails with the sequence `handler` returns for the error. Elements
    /// before the error pass through; an error thrown by `handler` ends the sequence with that error.
    /// Same as RxSwift's `catch(_:)`.
    public func `catch`(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        CatchProducer(source: asObservable(), handler: handler)
    }

    /// Renamed `catch(_:)` in RxSwift 6.
    @available(*, deprecated, renamed: "catch(_:)")
    public func catchError(_ handler: @escaping (Swift.Error) throws -> Observable<Element>) -> Observable<Element> {
        `catch`(handler)
    }
}

@usableFromInline
final class CatchProducer<Element>: Producer<Element>, @unchecked Sendable {
    @usableFromInline
    typealias Handler = (Swift.Error) throws -> Observable<Element>

    private let source: Observable<Element>
    private let handler: Handler

    @usableFromInline
    init(source: Observable<Element>, handler: @escaping Handler) {
        self.source = source
        self.handler = handler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = CatchSink(handler: handler, observer: observer, cancel: cancel)
        let subscription = sink.run(source)
        return (sink, subscription)
    }
}

/// Observes the source; on its error, subscribes the fallback sequence in its place.
final class CatchSink<Observer: ObserverType>: PassThroughElementSink<Observer>, @unchecked Sendable {
    private let handler: CatchProducer<Element>.Handler
    /// The source subscription, then the fallback's (assigning the fallback disposes the source's).
    private let subscription = SerialDisposable()

    init(handler: @escaping CatchProducer<Element>.Handler, observer: Observer, cancel: SinkLink?) {
        self.handler = handler
        super.init(observer: observer, cancel: cancel)
        hasTerminalLane = true
    }

    func run(_ source: Observable<Element>) -> Disposable {
        // A fallback assigned during this subscribe (the source failed at once) stays; the source's
        // subscription is then disposed.
        subscription.setFirst(source.subscribe(self))
        return subscription
    }

    override func onError(_ error: Swift.Error) {
        catchError(error)
    }

    /// The source's end through the terminal lane, as `onCompleted()` / `onError(_:)` (with both lanes
    /// this sink is one of the nodes a bridged Combine source feeds through its own sink).
    override func onTerminal(_ error: Swift.Error?) {
        if let error {
            catchError(error)
        } else {
            forwardCompleted()
        }
    }

    private func catchError(_ error: Swift.Error) {
        if isDisposed { return }
        do {
            let fallback = try handler(error)
            subscription.disposable = fallback.subscribe(CatchFallbackObserver(sink: self))
        } catch {
            forwardError(error)
        }
    }
}

/// Forwards the fallback sequence's events, terminal events included (they are not caught again).
final class CatchFallbackObserver<Observer: ObserverType>: ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element
    private let sink: CatchSink<Observer>

    init(sink: CatchSink<Observer>) {
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

extension ObservableType {
    /// Subscribes to each sequence of `sequence` in turn while they fail: the first one that completes
    /// ends the result with completion; if all fail, the result fails with the last error (an empty
    /// `sequence` completes at once). Same as RxSwift's `catch(sequence:)`.
    public static func `catch`<Sequence: Swift.Sequence>(sequence: Sequence) -> Observable<Element>
        where Sequence.Element == Observable<Element> {
        CatchSequenceProducer(sources: sequence)
    }

    /// Renamed `catch(sequence:)` in RxSwift 6.
    @available(*, deprecated, renamed: "catch(sequence:)")
    public static func catchError<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
        where Sequence.Element == Observable<Element> {
        `catch`(sequence: sequence)
    }
}

/// `catch(sequence:)`, and `retry`/`retry(_:)` (a sequence repeating the source), as in RxSwift.
final class CatchSequenceProducer<Element, Sources: Sequence>: Producer<Element>, @unchecked Sendable
    where Sources.Element == Observable<Element> {
    private let sources: Sources

    init(sources: Sources) {
        self.sources = sources
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = CatchSequenceSink<Sources, Observer>(iterator: sources.makeIterator(), observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink, subscription)
    }
}

/// Subscribes the sources one after another until one completes. Moving to the next source happens
/// inside a `SerialDrain`, so sources that fail synchronously are retried in a loop, not recursively.
final class CatchSequenceSink<Sources: Sequence, Observer: ObserverType>: Sink<Observer>, @unchecked Sendable
    where Sources.Element == Observable<Observer.Element> {
    typealias Element = Observer.Element

    enum Message {
        case subscribeNext
        case event(Event<Element>, attempt: Int)
    }

    private let drain = SerialDrain<Message>()
    private let subscription = SerialDisposable()
    // Touched only inside the drain:
    private var iterator: Sources.Iterator
    private var attempt = 0
    private var lastError: Swift.Error?

    init(iterator: Sources.Iterator, observer: Observer, cancel: SinkLink?) {
        self.iterator = iterator
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        submit(.subscribeNext)
        return subscription
    }

    func submit(_ message: Message) {
        drain.submit(message) { handle($0) }
    }

    private func handle(_ message: Message) {
        if isDisposed { return }
        switch message {
        case .subscribeNext:
            subscribeNext()
        case .event(let event, let eventAttempt):
            guard eventAttempt == attempt else { return }  // a late event from a source already left behind
            switch event {
            case .next:
                forwardOn(event)
            case .completed:
                forwardTerminal(event)
            case .error(let error):
                lastError = error
                subscription.disposable = Disposables.create()  // unsubscribe the failed source now
                subscribeNext()
            }
        }
    }

    private func subscribeNext() {
        guard let next = iterator.next() else {
            if let lastError {
                forwardTerminal(.error(lastError))
            } else {
                forwardCompleted()
            }
            return
        }
        attempt += 1
        subscription.disposable = next.subscribe(CatchSequenceAttemptObserver(sink: self, attempt: attempt))
    }
}

/// Tags one source subscription's events with its attempt number.
final class CatchSequenceAttemptObserver<Sources: Sequence, Observer: ObserverType>: ObserverType, @unchecked Sendable
    where Sources.Element == Observable<Observer.Element> {
    typealias Element = Observer.Element
    private let sink: CatchSequenceSink<Sources, Observer>
    private let attempt: Int

    init(sink: CatchSequenceSink<Sources, Observer>, attempt: Int) {
        self.sink = sink
        self.attempt = attempt
    }

    func on(_ event: Event<Element>) {
        sink.submit(.event(event, attempt: attempt))
    }
}
