extension ObservableType {
    /// Emits this sequence's elements, then, once it completes, `second`'s. An error from either ends it.
    /// Same as RxSwift's `concat(_:)`.
    public func concat<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Element>
        where Source.Element == Element {
        ConcatProducer(sources: [asObservable(), second.asObservable()])
    }

    /// Subscribes the sequences one after another, each once the previous one has completed; completes
    /// after the last one. `sequence` is iterated lazily, one element per step, so it may be long or
    /// infinite. Sequences that complete synchronously do not grow the stack. Same as RxSwift's `concat`.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
        where Sequence.Element == Observable<Element> {
        ConcatProducer(sources: sequence)
    }

    /// Subscribes the sequences one after another, each once the previous one has completed.
    /// Same as RxSwift's `concat`.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Observable<Element>
        where Collection.Element == Observable<Element> {
        ConcatProducer(sources: collection)
    }

    /// Subscribes the sequences one after another, each once the previous one has completed.
    /// Same as RxSwift's `concat`.
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        ConcatProducer(sources: sources)
    }
}

final class ConcatProducer<Sources: Sequence, Element>: Producer<Element>, @unchecked Sendable
    where Sources.Element == Observable<Element> {
    private let sources: Sources

    init(sources: Sources) {
        self.sources = sources
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = ConcatSink(iterator: sources.makeIterator(), observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink, subscription)
    }
}

/// Subscribes the sources one at a time. Steps and inner events go through one `SerialDrain`: a source
/// that completes while being subscribed (e.g. `just`) queues its completion, which the drain handles
/// after `subscribe` returns — a loop, not a recursion.
final class ConcatSink<Iterator: IteratorProtocol, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable
    where Iterator.Element == Observable<Observer.Element> {
    typealias Element = Observer.Element

    enum Message {
        case subscribeNext
        case inner(Event<Element>)
    }

    private let drain = SerialDrain<Message>()
    private let current = SerialDisposable()
    private var iterator: Iterator  // touched only inside the drain
    private var terminated = false  // touched only inside the drain

    init(iterator: Iterator, observer: Observer, cancel: SinkLink?) {
        self.iterator = iterator
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        submit(.subscribeNext)
        return current
    }

    func on(_ event: Event<Element>) {
        submit(.inner(event))
    }

    private func submit(_ message: Message) {
        drain.submit(message) { handle($0) }
    }

    private func handle(_ message: Message) {
        if terminated || isDisposed { return }
        switch message {
        case .subscribeNext:
            subscribeNext()
        case .inner(.next(let element)):
            forwardOn(.next(element))
        case .inner(.error(let error)):
            terminated = true
            forwardError(error)
        case .inner(.completed):
            subscribeNext()
        }
    }

    private func subscribeNext() {
        guard let source = iterator.next() else {
            terminated = true
            forwardCompleted()
            return
        }
        let subscription = SingleAssignmentDisposable()
        current.disposable = subscription  // disposes the finished previous source
        subscription.setDisposable(source.subscribe(self))
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Concatenates the inner sequences: each is subscribed once the previous one has completed.
    /// Same as RxSwift's `concat()` (which is `merge(maxConcurrent: 1)`).
    public func concat() -> Observable<Element.Element> {
        merge(maxConcurrent: 1)
    }
}
