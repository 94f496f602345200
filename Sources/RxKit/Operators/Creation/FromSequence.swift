extension ObservableType {
    /// A sequence of `elements`, then completion, each sent in its own recursive action on `scheduler`
    /// (so a long sequence does not grow the stack and can be disposed midway).
    /// Same as RxSwift's `of(_:scheduler:)`.
    public static func of(_ elements: Element..., scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> {
        FromSequenceProducer(elements: elements, scheduler: scheduler)
    }

    /// A sequence of the array's elements, then completion, sent on `scheduler`.
    /// Same as RxSwift's `from(_:scheduler:)`.
    public static func from(_ array: [Element], scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> {
        FromSequenceProducer(elements: array, scheduler: scheduler)
    }

    /// A sequence of the elements of `sequence` (iterated afresh for each subscription), then
    /// completion, sent on `scheduler`. Same as RxSwift's `from(_:scheduler:)` for sequences.
    public static func from<Sequence: Swift.Sequence>(_ sequence: Sequence, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element>
        where Sequence.Element == Element {
        FromSequenceProducer(elements: sequence, scheduler: scheduler)
    }
}

final class FromSequenceProducer<Elements: Sequence>: Producer<Elements.Element>, @unchecked Sendable {
    private let elements: Elements
    private let scheduler: ImmediateSchedulerType

    init(elements: Elements, scheduler: ImmediateSchedulerType) {
        self.elements = elements
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
        where Observer.Element == Elements.Element {
        let sink = FromSequenceSink<Elements.Iterator, Observer>(observer: observer, cancel: cancel)
        return (sink, sink.run(iterator: elements.makeIterator(), scheduler: scheduler))
    }
}

final class FromSequenceSink<Iterator: IteratorProtocol, Observer: ObserverType>: Sink<Observer>, @unchecked Sendable
    where Iterator.Element == Observer.Element {
    func run(iterator: Iterator, scheduler: ImmediateSchedulerType) -> Disposable {
        scheduler.scheduleRecursive(iterator) { [self] iterator, recurse in
            var iterator = iterator
            if let element = iterator.next() {
                forwardOn(.next(element))
                recurse(iterator)
            } else {
                forwardTerminal(.completed)
            }
        }
    }
}
