import ReactiveBridgePrimitives

extension ObservableType {
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

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Elements.Element {
        if scheduler is CurrentThreadScheduler, let positional = PositionalElements.of(elements) {  // its only instance is `.instance`
            let sink = FromPositionalSink(elements: elements, positional: positional, observer: observer, cancel: cancel)
            let subscription = sink.run()
            return (sink, subscription)
        }
        let sink = FromSequenceSink<Elements.Iterator, Observer>(iterator: elements.makeIterator(), observer: observer, cancel: cancel)
        let subscription = sink.run(scheduler: scheduler)
        return (sink, subscription)
    }
}

final class FromSequenceSink<Iterator: IteratorProtocol, Observer: ObserverType>: Sink<Observer>, @unchecked Sendable
    where Iterator.Element == Observer.Element {
    /// The iterator of the trampoline loop (see `runOnTrampoline`); only touched by the one action of
    /// this sink that is running (actions on a scheduler do not overlap for one recursion). Not an
    /// optional: `Iterator?` would cost a metadata look-up per element in unspecialised code.
    @exclusivity(unchecked) private var iterator: Iterator

    init(iterator: Iterator, observer: Observer, cancel: SinkLink?) {
        self.iterator = iterator
        super.init(observer: observer, cancel: cancel)
    }

    func run(scheduler: ImmediateSchedulerType) -> Disposable {
        if scheduler is CurrentThreadScheduler {  // its only instance is `.instance`
            return runOnTrampoline()
        }
        return scheduler.scheduleRecursive(iterator) { [self] iterator, recurse in
            var iterator = iterator
            if let element = iterator.next() {
                forwardOn(.next(element))
                recurse(iterator)
            } else {
                forwardCompleted()
            }
        }
    }

    /// On the current-thread scheduler, RxSwift sends each element in its own recursive action, queued on
    /// the trampoline behind whatever else is queued there. Whenever nothing else is queued, the next
    /// action would run at once, so sending the next element in a loop gives the same order without an
    /// action (and its allocations) per element; as soon as other work is queued (e.g. a `merge` of two
    /// `from`s, or work scheduled by an observer), the rest goes back behind it as one action.
    private func runOnTrampoline() -> Disposable {
        scheduleNextStep()
    }

    private func scheduleNextStep() -> Disposable {
        CurrentThreadScheduler.instance.schedule(()) { [self] _ in
            runSteps()
            return Disposables.create()
        }
    }

    private func runSteps() {
        while !isDisposed {
            guard let element = iterator.next() else {
                forwardCompleted()
                return
            }
            forwardNext(element)
            if CurrentThreadScheduler.hasQueuedWork {
                _ = scheduleNextStep()  // disposal is seen through `isDisposed`
                return
            }
        }
    }
}

/// `FromSequenceSink`'s trampoline path for a sequence read by position (an array, an integer range: see
/// `PositionalElements`), so that no element goes through the sequence's iterator. Same order of events:
/// one element at a time while nothing else is queued on the trampoline, the rest behind other work as
/// soon as some is queued, disposal seen before every element.
final class FromPositionalSink<Elements: Sequence, Observer: ObserverType>: Sink<Observer>, @unchecked Sendable
    where Elements.Element == Observer.Element {
    private let elements: Elements
    private let positional: PositionalElements
    /// The next position to send; only touched by the one action of this sink that is running.
    @exclusivity(unchecked) private var position = 0

    init(elements: Elements, positional: PositionalElements, observer: Observer, cancel: SinkLink?) {
        self.elements = elements
        self.positional = positional
        super.init(observer: observer, cancel: cancel)
    }

    func run() -> Disposable {
        scheduleNextStep()
    }

    private func scheduleNextStep() -> Disposable {
        CurrentThreadScheduler.instance.schedule(()) { [self] _ in
            positional.withReader(of: elements) { reader in runSteps(reader) }
            return Disposables.create()
        }
    }

    @inline(__always)
    private func runSteps(_ reader: PositionalElements.Reader<Elements.Element>) {
        while !isDisposed {
            let current = position
            guard current < reader.count else {
                forwardCompleted()
                return
            }
            position = current + 1
            forwardNext(reader.element(at: current))
            if CurrentThreadScheduler.hasQueuedWork {
                _ = scheduleNextStep()  // disposal is seen through `isDisposed`
                return
            }
        }
    }
}
