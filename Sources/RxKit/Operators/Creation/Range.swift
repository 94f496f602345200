/// The integer types `range`, `interval` and `timer` work with. Same as RxSwift's `RxAbstractInteger`.
public typealias RxAbstractInteger = FixedWidthInteger

extension ObservableType where Element: RxAbstractInteger {
    /// The `count` integers `start, start + 1, …`, then completion, each sent in its own recursive
    /// action on `scheduler`. Same as RxSwift's `range(start:count:scheduler:)`.
    ///
    /// `count` must not be negative, and `start + count - 1` must fit in `Element`.
    public static func range(start: Element, count: Element, scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> {
        precondition(count >= 0, "Observable.range(start:count:) was given a negative count (\(count)); pass a count of 0 or more.")
        precondition(count == 0 || !start.addingReportingOverflow(count - 1).overflow,
                     "Observable.range(start: \(start), count: \(count)) would overflow \(Element.self); lower start or count, or use a wider integer type.")
        return RangeProducer(start: start, count: count, scheduler: scheduler)
    }
}

final class RangeProducer<Element: RxAbstractInteger>: Producer<Element>, @unchecked Sendable {
    private let start: Element
    private let count: Element
    private let scheduler: ImmediateSchedulerType

    init(start: Element, count: Element, scheduler: ImmediateSchedulerType) {
        self.start = start
        self.count = count
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = RangeSink(observer: observer, cancel: cancel)
        let subscription = sink.run(start: start, count: count, scheduler: scheduler)
        return (sink, subscription)
    }
}

final class RangeSink<Observer: ObserverType>: Sink<Observer>, @unchecked Sendable where Observer.Element: RxAbstractInteger {
    typealias Element = Observer.Element

    /// The trampoline loop's state (see `runOnTrampoline`); only touched by the one action of this sink
    /// that is running.
    @exclusivity(unchecked) private var next: Element = .zero
    @exclusivity(unchecked) private var remaining: Element = .zero

    func run(start: Element, count: Element, scheduler: ImmediateSchedulerType) -> Disposable {
        if scheduler is CurrentThreadScheduler {  // its only instance is `.instance`
            next = start
            remaining = count
            return scheduleNextStep()
        }
        return scheduler.scheduleRecursive(Element.zero) { [self] offset, recurse in
            if offset < count {
                forwardOn(.next(start + offset))
                recurse(offset + 1)
            } else {
                forwardCompleted()
            }
        }
    }

    /// As `from` on the current-thread scheduler (`FromSequenceSink`): RxSwift sends each integer in its own
    /// recursive action, queued behind whatever else is on the trampoline; while nothing else is queued, the
    /// next action would run at once, so a loop gives the same order without an action per integer, and
    /// as soon as other work is queued the rest goes behind it as one action.
    private func scheduleNextStep() -> Disposable {
        CurrentThreadScheduler.instance.schedule(()) { [self] _ in
            runSteps()
            return Disposables.create()
        }
    }

    private func runSteps() {
        while !isDisposed {
            guard remaining > .zero else {
                forwardCompleted()
                return
            }
            let value = next
            remaining -= 1
            // The last integer may be the type's largest: do not step past it.
            if remaining > .zero { next += 1 }
            forwardNext(value)
            if CurrentThreadScheduler.hasQueuedWork {
                _ = scheduleNextStep()  // disposal is seen through `isDisposed`
                return
            }
        }
    }
}
