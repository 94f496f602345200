extension ObservableType {
    /// Mirrors whichever of this sequence and `right` sends an event (element, error or completion)
    /// first, and disposes the other at that moment. Same as RxSwift's `amb`.
    public func amb<O2: ObservableType>(_ right: O2) -> Observable<Element> where O2.Element == Element {
        AmbProducer(sources: [asObservable(), right.asObservable()])
    }

    /// Mirrors whichever sequence of `sequence` sends an event first and disposes all the others at that
    /// moment. With no sequences it never sends anything. Same as RxSwift's `amb`.
    public static func amb<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Observable<Element>
        where Sequence.Element == Observable<Element> {
        AmbProducer(sources: Array(sequence))
    }
}

final class AmbProducer<Element>: Producer<Element>, @unchecked Sendable {
    private let sources: [Observable<Element>]

    init(sources: [Observable<Element>]) {
        self.sources = sources
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = AmbSink(count: sources.count, observer: observer, cancel: cancel)
        let subscription = sink.run(sources)
        return (sink, subscription)
    }
}

/// Every source's events go through one `SerialDrain`; the first to arrive picks the winner.
final class AmbSink<Observer: ObserverType>: Sink<Observer>, @unchecked Sendable {
    typealias Element = Observer.Element
    typealias Message = (index: Int, event: Event<Element>)

    private let drain = SerialDrain<Message>()
    private let subscriptions: [SingleAssignmentDisposable]
    private var winner: Int?  // touched only inside the drain

    init(count: Int, observer: Observer, cancel: SinkLink?) {
        subscriptions = (0..<count).map { _ in SingleAssignmentDisposable() }
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ sources: [Observable<Element>]) -> Disposable {
        for (index, source) in sources.enumerated() {
            subscriptions[index].setDisposable(source.subscribe(AmbSourceObserver(sink: self, index: index)))
        }
        return Disposables.create(subscriptions)
    }

    func submit(_ message: Message) {
        drain.submit(message) { handle($0) }
    }

    private func handle(_ message: Message) {
        if winner == nil {
            winner = message.index
            for (index, subscription) in subscriptions.enumerated() where index != message.index {
                subscription.dispose()
            }
        }
        guard winner == message.index else { return }
        if message.event.isStopEvent {
            forwardTerminal(message.event)
        } else {
            forwardOn(message.event)
        }
    }
}

final class AmbSourceObserver<Observer: ObserverType>: ObserverType, @unchecked Sendable {
    private let sink: AmbSink<Observer>
    private let index: Int

    init(sink: AmbSink<Observer>, index: Int) {
        self.sink = sink
        self.index = index
    }

    func on(_ event: Event<Observer.Element>) {
        sink.submit((index, event))
    }
}
