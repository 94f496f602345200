extension ObservableType {
    /// Sends `initialState`, then each state produced by `iterate`, for as long as `condition` holds;
    /// then completes. Each step runs in its own recursive action on `scheduler`. An error thrown by
    /// `condition` or `iterate` ends the sequence with that error.
    /// Same as RxSwift's `generate(initialState:condition:scheduler:iterate:)`.
    public static func generate(
        initialState: Element,
        condition: @escaping (Element) throws -> Bool,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance,
        iterate: @escaping (Element) throws -> Element
    ) -> Observable<Element> {
        GenerateProducer(initialState: initialState, condition: condition, iterate: iterate, scheduler: scheduler)
    }
}

final class GenerateProducer<Element>: Producer<Element>, @unchecked Sendable {
    private let initialState: Element
    private let condition: (Element) throws -> Bool
    private let iterate: (Element) throws -> Element
    private let scheduler: ImmediateSchedulerType

    init(initialState: Element, condition: @escaping (Element) throws -> Bool, iterate: @escaping (Element) throws -> Element,
         scheduler: ImmediateSchedulerType) {
        self.initialState = initialState
        self.condition = condition
        self.iterate = iterate
        self.scheduler = scheduler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = GenerateSink(condition: condition, iterate: iterate, observer: observer, cancel: cancel)
        let subscription = sink.run(initialState: initialState, scheduler: scheduler)
        return (sink, subscription)
    }
}

final class GenerateSink<Observer: ObserverType>: Sink<Observer>, @unchecked Sendable {
    typealias State = Observer.Element
    private let condition: (State) throws -> Bool
    private let iterate: (State) throws -> State

    init(condition: @escaping (State) throws -> Bool, iterate: @escaping (State) throws -> State, observer: Observer, cancel: SinkLink?) {
        self.condition = condition
        self.iterate = iterate
        super.init(observer: observer, cancel: cancel)
    }

    func run(initialState: State, scheduler: ImmediateSchedulerType) -> Disposable {
        // The recursion carries the state and whether it is the initial one (not yet iterated).
        scheduler.scheduleRecursive((initialState, true)) { [self] step, recurse in
            do {
                let state = step.1 ? step.0 : try iterate(step.0)
                if try condition(state) {
                    forwardOn(.next(state))
                    recurse((state, false))
                } else {
                    forwardCompleted()
                }
            } catch {
                forwardError(error)
            }
        }
    }
}
