extension ObservableType {
    /// Emits an element only once `dueTime` has passed without another element; each new element
    /// replaces the pending one and restarts the timer. When the source completes, the pending element
    /// (if any) is emitted at once, then completion; an error drops it. Timers run on `scheduler`.
    /// Same as RxSwift's `debounce(_:scheduler:)`.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Observable<Element> {
        DebounceProducer(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
    }
}

final class DebounceProducer<Element>: TimedProducer<Element>, @unchecked Sendable {
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = DebounceSink(parent: self, observer: observer, cancel: cancel)
        let sourceSubscription = source.subscribe(sink)
        return (sink, Disposables.create(sourceSubscription, sink.timer))
    }
}

/// What reaches the `debounce` sink: a source event, or a timer firing for the element numbered `id`.
enum DebounceMessage<Element> {
    case source(Event<Element>)
    case timer(id: UInt64)
}

final class DebounceSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element
    private let parent: DebounceProducer<Element>
    /// The timer of the pending element; replacing it cancels the previous one.
    let timer = SerialDisposable()
    private let drain = SerialDrain<DebounceMessage<Element>>()
    // Only touched inside the drain, which serialises them (no run-time exclusivity checks):
    @exclusivity(unchecked) private var pending: Element?
    @exclusivity(unchecked) private var pendingID: UInt64 = 0

    init(parent: DebounceProducer<Element>, observer: Observer, cancel: SinkLink?) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        submit(.source(event))
    }

    func submit(_ message: DebounceMessage<Element>) {
        drain.submit(message) { message in
            switch message {
            case .source(.next(let element)):
                pendingID &+= 1
                pending = element
                // The action captures nothing: its state carries the sink and the element's number.
                timer.disposable = parent.scheduler.scheduleRelative((self, pendingID), dueTime: parent.dueTime) { state in
                    state.0.submit(.timer(id: state.1))
                    return Disposables.create()
                }
            case .source(.error(let error)):
                pending = nil
                forwardError(error)
            case .source(.completed):
                if let element = pending {
                    pending = nil
                    forwardOn(.next(element))
                }
                forwardCompleted()
            case .timer(let id):
                if id == pendingID, let element = pending {
                    pending = nil
                    forwardOn(.next(element))
                }
            }
        }
    }
}
