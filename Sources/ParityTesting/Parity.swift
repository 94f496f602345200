import CombineKit
import CombineKitTest
import RxKit
import RxKitTest

/// Runs one timed script through an RxKit pipeline and a CombineKit pipeline and compares what their
/// subscribers saw.
///
/// ```swift
/// let parity = Parity()
/// let script = ParityScript<Int>.hot("plain values", .value(210, 1), .value(220, 2), .finished(300))
/// parity.expect(script,
///               rx: { $0.map { $0 * 10 } },
///               combine: { $0.map { $0 * 10 } })
/// ```
///
/// Each check gets fresh schedulers; time operators reach them through `rxScheduler` and
/// `combineScheduler`, which always name the schedulers of the run in progress.
///
/// ## Aligning the two clocks
/// RxKitTest's `TestScheduler` has `simulateProcessingDelay` (default `true` in RxTest): work scheduled
/// for "now" runs one tick later, so `observe(on:)` shows as a one-tick hop. CombineKitTest's
/// `CombineTestScheduler` has no such delay: work scheduled for now runs at the same tick, after the
/// work already queued for that tick. The harness therefore runs Rx with `simulateProcessingDelay:
/// false`; then both schedulers run an action due at tick *t* at *t*, in the order scheduled, and a
/// timeline tick means the same thing on both sides. (One tick is one second on both: resolution 1.0.)
/// Script events and the harness's own create/subscribe/dispose actions are scheduled in that order
/// (inputs first), so at equal times a hot input's event runs before the subscription, on both sides.
public final class Parity {
    /// The options every check of this harness uses.
    public var options: ParityOptions

    /// The RxKitTest scheduler of the run in progress (a fresh one per run).
    public private(set) var rxScheduler: TestScheduler
    /// The CombineKitTest scheduler of the run in progress (a fresh one per run).
    public private(set) var combineScheduler: CombineTestScheduler

    /// A harness with `options`.
    public init(_ options: ParityOptions = ParityOptions()) {
        self.options = options
        self.rxScheduler = Parity.makeRxScheduler()
        self.combineScheduler = Parity.makeCombineScheduler()
    }

    private static func makeRxScheduler() -> TestScheduler {
        TestScheduler(initialClock: 0, resolution: 1.0, simulateProcessingDelay: false)
    }

    private static func makeCombineScheduler() -> CombineTestScheduler {
        CombineTestScheduler(initialClock: 0, resolution: 1.0)
    }

    // MARK: - Runs

    /// Plays one input to an RxKit pipeline and records the timeline.
    public func runRx<A, Output: Equatable>(_ a: ParityScript<A>, _ pipeline: @escaping (Observable<A>) -> Observable<Output>) -> ParityTimeline<Output> {
        runRxCore { scheduler in
            let inputA = Parity.rxInput(a, scheduler)
            return ({ pipeline(inputA.asObservable()) }, { [inputA.subscriptions.map(\.subscribe)] })
        }
    }

    /// Plays two inputs to an RxKit pipeline and records the timeline.
    public func runRx<A, B, Output: Equatable>(_ a: ParityScript<A>, _ b: ParityScript<B>, _ pipeline: @escaping (Observable<A>, Observable<B>) -> Observable<Output>) -> ParityTimeline<Output> {
        runRxCore { scheduler in
            let inputA = Parity.rxInput(a, scheduler), inputB = Parity.rxInput(b, scheduler)
            return ({ pipeline(inputA.asObservable(), inputB.asObservable()) },
                    { [inputA.subscriptions.map(\.subscribe), inputB.subscriptions.map(\.subscribe)] })
        }
    }

    /// Plays one input to a CombineKit pipeline and records the timeline.
    public func runCombine<A, P: Publisher>(_ a: ParityScript<A>, _ pipeline: @escaping (AnyPublisher<A, ParityError>) -> P) -> ParityTimeline<P.Output> where P.Output: Equatable {
        runCombineCore { scheduler in
            let inputA = Parity.combineInput(a, scheduler)
            return ({ pipeline(inputA.eraseToAnyPublisher()) }, { [inputA.subscriptions.map(\.subscribed)] })
        }
    }

    /// Plays two inputs to a CombineKit pipeline and records the timeline.
    public func runCombine<A, B, P: Publisher>(_ a: ParityScript<A>, _ b: ParityScript<B>, _ pipeline: @escaping (AnyPublisher<A, ParityError>, AnyPublisher<B, ParityError>) -> P) -> ParityTimeline<P.Output> where P.Output: Equatable {
        runCombineCore { scheduler in
            let inputA = Parity.combineInput(a, scheduler), inputB = Parity.combineInput(b, scheduler)
            return ({ pipeline(inputA.eraseToAnyPublisher(), inputB.eraseToAnyPublisher()) },
                    { [inputA.subscriptions.map(\.subscribed), inputB.subscriptions.map(\.subscribed)] })
        }
    }

    // MARK: - Comparisons

    /// Runs `a` through both pipelines (and `mixed`, an Rx-in/Rx-out pipeline that crosses the bridge,
    /// held to the RxKit timeline) and compares the timelines against `expectation`.
    public func compare<A, Output: Equatable, P: Publisher>(
        _ a: ParityScript<A>,
        rx: @escaping (Observable<A>) -> Observable<Output>,
        combine: @escaping (AnyPublisher<A, ParityError>) -> P,
        mixed: ((Observable<A>) -> Observable<Output>)? = nil,
        _ expectation: ParityExpectation<Output> = .same
    ) -> ParityReport<Output> where P.Output == Output {
        let rxTimeline = runRx(a, rx)
        let combineTimeline = runCombine(a, combine)
        let mixedTimeline = mixed.map { runRx(a, $0) }
        return ParityReport(scripts: [describe(a)], options: options, rx: rxTimeline, combine: combineTimeline, mixed: mixedTimeline, expectation: expectation)
    }

    /// Runs `a` and `b` through both pipelines (and `mixed`, held to the RxKit timeline) and compares
    /// the timelines against `expectation`.
    public func compare<A, B, Output: Equatable, P: Publisher>(
        _ a: ParityScript<A>, _ b: ParityScript<B>,
        rx: @escaping (Observable<A>, Observable<B>) -> Observable<Output>,
        combine: @escaping (AnyPublisher<A, ParityError>, AnyPublisher<B, ParityError>) -> P,
        mixed: ((Observable<A>, Observable<B>) -> Observable<Output>)? = nil,
        _ expectation: ParityExpectation<Output> = .same
    ) -> ParityReport<Output> where P.Output == Output {
        let rxTimeline = runRx(a, b, rx)
        let combineTimeline = runCombine(a, b, combine)
        let mixedTimeline = mixed.map { runRx(a, b, $0) }
        return ParityReport(scripts: [describe(a), describe(b)], options: options, rx: rxTimeline, combine: combineTimeline, mixed: mixedTimeline, expectation: expectation)
    }

    // MARK: - Inputs

    private static func rxInput<A>(_ script: ParityScript<A>, _ scheduler: TestScheduler) -> TestableObservable<A> {
        let events: [Recorded<Event<A>>] = script.events.map { step in
            switch step.kind {
            case .value(let value): return .next(step.time, value)
            case .finished: return .completed(step.time)
            case .failure(let error): return .error(step.time, error)
            }
        }
        switch script.temperature {
        case .hot: return scheduler.createHotObservable(events)
        case .cold: return scheduler.createColdObservable(events)
        }
    }

    private static func combineInput<A>(_ script: ParityScript<A>, _ scheduler: CombineTestScheduler) -> TestPublisher<A, ParityError> {
        let events: [TestPublisher<A, ParityError>.ScriptEvent] = script.events.map { step in
            switch step.kind {
            case .value(let value): return .value(step.time, value)
            case .finished: return .finished(step.time)
            case .failure(let error): return .failure(step.time, error)
            }
        }
        switch script.temperature {
        case .hot: return .hot(scheduler, events)
        case .cold: return .cold(scheduler, events)
        }
    }

    private func describe<A>(_ script: ParityScript<A>) -> String {
        "\"\(script.name)\" (\(script.temperature))"
    }

    // MARK: - Engines

    private func runRxCore<Output: Equatable>(
        _ setUp: (TestScheduler) -> (build: () -> Observable<Output>, subscriptions: () -> [[Int]])
    ) -> ParityTimeline<Output> {
        let scheduler = Parity.makeRxScheduler()
        rxScheduler = scheduler
        let (build, subscriptions) = setUp(scheduler)
        let observer = scheduler.createObserver(Output.self)
        var output: Observable<Output>?
        var subscription: Disposable?
        scheduler.scheduleAt(options.createdAt) { output = build() }
        scheduler.scheduleAt(options.subscribedAt) { subscription = output?.subscribe(observer) }
        scheduler.scheduleAt(options.disposedAt) { subscription?.dispose() }
        scheduler.start()
        let records: [ParityRecord<Output>] = observer.events.map { recorded in
            switch recorded.value {
            case .next(let value): return .value(recorded.time, value)
            case .completed: return .finished(recorded.time)
            case .error(let error): return .failure(recorded.time, Parity.name(of: error))
            }
        }
        return ParityTimeline(records, subscriptions: subscriptions())
    }

    private func runCombineCore<P: Publisher>(
        _ setUp: (CombineTestScheduler) -> (build: () -> P, subscriptions: () -> [[Int]])
    ) -> ParityTimeline<P.Output> where P.Output: Equatable {
        let scheduler = Parity.makeCombineScheduler()
        combineScheduler = scheduler
        let (build, subscriptions) = setUp(scheduler)
        let demand = options.combineDemand
        let subscriber = TestSubscriber<P.Output, P.Failure>(scheduler: scheduler, initialDemand: demand.initial, demandPerValue: demand.perValue)
        var output: P?
        scheduler.schedule(after: scheduler.time(options.createdAt)) { output = build() }
        scheduler.schedule(after: scheduler.time(options.subscribedAt)) { output?.subscribe(subscriber) }
        for request in demand.requests {
            scheduler.schedule(after: scheduler.time(request.time)) { subscriber.request(request.demand) }
        }
        scheduler.schedule(after: scheduler.time(options.disposedAt)) { subscriber.cancel() }
        scheduler.run()
        let records: [ParityRecord<P.Output>] = subscriber.events.compactMap { event in
            switch event {
            case .value(let time, let value): return .value(time, value)
            case .finished(let time): return .finished(time)
            case .failure(let time, let error): return .failure(time, Parity.name(of: error))
            case .subscription, .cancellation: return nil
            }
        }
        return ParityTimeline(records, subscriptions: subscriptions())
    }

    /// How a failure shows in a timeline: a `ParityError`'s name, otherwise the error's description.
    static func name(of error: Error) -> String {
        if let parityError = error as? ParityError { return parityError.name }
        return String(describing: error)
    }
}
