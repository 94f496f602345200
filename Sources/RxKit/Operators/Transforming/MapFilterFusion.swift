/// `map` and `filter`, fused: `source.map(f).filter(p).map(g)` is one chain of stages run by one sink per
/// subscription instead of three (RxSwift runs one sink per operator: it composed adjacent `map`s into
/// one until 5.1 and no longer fuses anything). Fusing changes nothing a subscriber can observe: the
/// closures run in the same order on the same elements, nothing runs after disposal (see `produce`),
/// and errors and completion are forwarded as by separate sinks. Each operator's producer stays a valid
/// observable of its own (a stage keeps the stages before it), so a chain can branch from any point.
///
/// Each stage is its own object, holding the stage before it and the operator's closure: it is the
/// producer the operator returns and, at the same time, what a composed closure's context would have been
/// (one allocation per operator, not two). Stages are generic over their output only (the source's
/// element is reached through the first stage), so `map`/`filter` can find a chain to extend with a class
/// cast in the caller's specialised code.
@usableFromInline
class MapFilterProducer<Result>: Producer<Result>, @unchecked Sendable {
    /// Whether the chain's source is `just(_:)`: then a subscription needs no sink (see `subscribe`).
    /// Asked of the chain (the first stage asks its source) rather than stored: a stored flag would take a
    /// word in every stage, which then needs a malloc size class more (56 bytes, not 40); the walk is a
    /// virtual call per stage, once or twice per subscription, never per element.
    var sourceIsJust: Bool {
        preconditionFailure("MapFilterProducer.sourceIsJust is abstract: FirstStage and LaterStage override it.")
    }

    /// Over a `just`, the stages run on its element right here and the results go straight to
    /// `observer`: the next element (if every filter kept it) then completion, or the error a closure
    /// threw — no sink, no `SinkLink`, and the shared no-op disposable, as RxSwift's `Just` subscribes
    /// (it has no sink either). Nothing can dispose the subscription before `subscribe` returns (its
    /// disposable is not out yet), so a sink's checks between stages would never fire, and completion is
    /// sent after the element whatever the observer did with it, as `just` itself does. It still runs on
    /// the current-thread trampoline, as every `Producer` subscription does, so what the observer
    /// schedules on `CurrentThreadScheduler` runs after it, as before.
    override final func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Result {
        guard sourceIsJust else { return super.subscribe(observer) }
        onCurrentThreadTrampoline { deliverJust(to: observer) }
        return Disposables.create()
    }

    /// Over a `just`, `subscribe(onNext:…)` runs the stages and calls the closures right here, without
    /// the observer and subscription objects (see `Observable.subscribeSynchronously`); on the trampoline,
    /// as `subscribe(_:)` above.
    override final func subscribeSynchronously(
        onNext: ((Result) -> Void)?,
        onError: ((Swift.Error) -> Void)?,
        onCompleted: (() -> Void)?,
        onDisposed: (() -> Void)?,
        callStack: [String]
    ) -> Bool {
        guard sourceIsJust else { return false }
        onCurrentThreadTrampoline {
            var failure: Swift.Error?
            do {
                _ = try withSourceJustElement { element in
                    try run(on: element, neverDisposedNode) { result in onNext?(result.pointee) }
                }
            } catch {
                failure = error
            }
            finishClosureSubscription(failure, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed, callStack: callStack)
        }
        return true
    }

    private final func deliverJust<Observer: ObserverType>(to observer: Observer) where Observer.Element == Result {
        let lane = LaneHandle(of: observer)
        do {
            _ = try withSourceJustElement { element in
                try run(on: element, neverDisposedNode) { result in
                    if !lane.send(typed: result) { Self.sendNextAsEvent(result, to: observer) }
                }
            }
        } catch {
            if !lane.sendTerminal(error) { sendErrorAsEvent(error, to: observer) }
            return
        }
        if !lane.sendTerminal(nil) { sendCompletedAsEvent(to: observer) }
    }

    /// The `Event` fallback, out of line so the lane path needs no `Event` metadata.
    @inline(never)
    private static func sendNextAsEvent<Observer: ObserverType>(_ element: UnsafePointer<Result>, to observer: Observer) where Observer.Element == Result {
        observer.on(.next(element.pointee))
    }

    /// Calls `body` with the chain's source element by address if the source is `just(_:)` (the first
    /// stage asks its source); see `subscribe`.
    func withSourceJustElement(_ body: (UnsafeRawPointer) throws -> Void) rethrows -> Bool {
        preconditionFailure("MapFilterProducer.withSourceJustElement is abstract: FirstStage and LaterStage override it.")
    }

    /// Runs the chain up to this stage on the source element at `element` and, if every filter kept it,
    /// calls `emit` with the result's address; a closure's error is rethrown.
    @inline(__always)
    final func run(on element: UnsafeRawPointer, _ node: ObserverNode, _ emit: (UnsafePointer<Result>) -> Void) throws {
        var result: Result
        do throws(StageStop) {
            result = try produce(element, node)
        } catch {
            switch error {
            case .dropped:
                return
            case .failed(let failure):
                throw failure
            }
        }
        emit(&result)
    }

    /// Applies the stages up to this one to the source element at `element` and returns the result, or
    /// throws `.dropped` if a filter dropped it (or the sink was disposed) and `.failed` with the error a
    /// closure threw. `node` is the subscription's sink: before each stage after the first, the chain
    /// stops if the sink was disposed, exactly where a chain of one sink per operator would stop (a
    /// disposed sink forwards nothing, so the next operator's closure would not run). A closure's error
    /// ends the chain and reaches the sink, which sends it downstream, as the throwing operator's own sink
    /// would.
    ///
    /// Each stage returns its result to the one after it instead of calling on into it (as a continuation
    /// would): a chain of n stages goes n calls deep and comes back before the result moves on, so the
    /// observer downstream runs no deeper than the sink. Twelve nested continuations with the observers
    /// below them overflowed the processor's return-address predictor: R3 measured 23 ns more with four
    /// trivial frames above the subject. The result is returned as itself, into the caller's memory, and
    /// a dropped element as a typed error (no `Result?`: an `Optional` of a generic type costs a metadata
    /// look-up per element in unspecialised code; a typed error is returned in registers, with no box).
    func produce(_ element: UnsafeRawPointer, _ node: ObserverNode) throws(StageStop) -> Result {
        preconditionFailure("MapFilterProducer.produce is abstract: each stage class overrides it.")
    }

    /// Makes the sink of a subscription to `stages` (the last stage of the chain this stage belongs to) and
    /// subscribes it to the chain's source: the first stage, which knows the source's element type, does it.
    func makeSink<Observer: ObserverType>(for stages: MapFilterProducer<Observer.Element>, _ observer: Observer, cancel: SinkLink?)
        -> (sink: SinkBase, subscription: Disposable) {
        preconditionFailure("MapFilterProducer.makeSink is abstract: each stage class overrides it.")
    }

    override final func composeMap<Next>(_ transform: @escaping (Result) throws -> Next) -> Observable<Next> {
        MapStage(previous: self, transform: transform)
    }

    override final func composeFilter(_ predicate: @escaping (Result) throws -> Bool) -> Observable<Result> {
        FilterStage(previous: self, predicate: predicate)
    }

    override final func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Result {
        makeSink(for: self, observer, cancel: cancel)
    }
}

/// Why a chain of stages stopped before its end (see `MapFilterProducer.produce`).
@usableFromInline
enum StageStop: Error {
    /// A filter dropped the element, or the sink was disposed.
    case dropped
    /// A closure threw.
    case failed(any Error)
}

/// A stage that starts a chain: it holds the source and, knowing the source's element type, makes the
/// subscription's sink.
@usableFromInline
class FirstStage<Source, Result>: MapFilterProducer<Result>, @unchecked Sendable {
    private let source: Observable<Source>

    @usableFromInline
    init(source: Observable<Source>) {
        self.source = source
        super.init()
    }

    override final var sourceIsJust: Bool { source.isJust }

    override final func withSourceJustElement(_ body: (UnsafeRawPointer) throws -> Void) rethrows -> Bool {
        try source.withJustElement(body)
    }

    override final func makeSink<Observer: ObserverType>(for stages: MapFilterProducer<Observer.Element>, _ observer: Observer, cancel: SinkLink?)
        -> (sink: SinkBase, subscription: Disposable) {
        let sink = MapFilterSink<Source, Observer.Element, Observer>(stages: stages, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)  // first, so `sink` moves into the tuple (no retain/release)
        return (sink, subscription)
    }
}

/// A stage after other stages: it holds the one before it (`Previous` is that stage's output, a generic
/// parameter of its own so the per-element path finds its metadata in this object's generic arguments).
@usableFromInline
class LaterStage<Previous, Result>: MapFilterProducer<Result>, @unchecked Sendable {
    final let previous: MapFilterProducer<Previous>

    @usableFromInline
    init(previous: MapFilterProducer<Previous>) {
        self.previous = previous
        super.init()
    }

    override final var sourceIsJust: Bool { previous.sourceIsJust }

    override final func withSourceJustElement(_ body: (UnsafeRawPointer) throws -> Void) rethrows -> Bool {
        try previous.withSourceJustElement(body)
    }

    override final func makeSink<Observer: ObserverType>(for stages: MapFilterProducer<Observer.Element>, _ observer: Observer, cancel: SinkLink?)
        -> (sink: SinkBase, subscription: Disposable) {
        previous.makeSink(for: stages, observer, cancel: cancel)
    }
}

/// The first stage of a chain, a `map`.
@usableFromInline
final class FirstMapStage<Source, Result>: FirstStage<Source, Result>, @unchecked Sendable {
    private let transform: (Source) throws -> Result

    @usableFromInline
    init(source: Observable<Source>, transform: @escaping (Source) throws -> Result) {
        self.transform = transform
        super.init(source: source)
    }

    override func produce(_ element: UnsafeRawPointer, _ node: ObserverNode) throws(StageStop) -> Result {
        do {
            return try transform(element.assumingMemoryBound(to: Source.self).pointee)
        } catch {
            throw .failed(error)
        }
    }
}

/// The first stage of a chain, a `filter`.
@usableFromInline
final class FirstFilterStage<Element>: FirstStage<Element, Element>, @unchecked Sendable {
    private let predicate: (Element) throws -> Bool

    @usableFromInline
    init(source: Observable<Element>, predicate: @escaping (Element) throws -> Bool) {
        self.predicate = predicate
        super.init(source: source)
    }

    override func produce(_ element: UnsafeRawPointer, _ node: ObserverNode) throws(StageStop) -> Element {
        let value = element.assumingMemoryBound(to: Element.self)
        let kept: Bool
        do {
            kept = try predicate(value.pointee)
        } catch {
            throw .failed(error)
        }
        // A copy: the source element stays the source's.
        if kept { return value.pointee }
        throw .dropped
    }
}

/// A `map` after other stages.
@usableFromInline
final class MapStage<Previous, Result>: LaterStage<Previous, Result>, @unchecked Sendable {
    private let transform: (Previous) throws -> Result

    @usableFromInline
    init(previous: MapFilterProducer<Previous>, transform: @escaping (Previous) throws -> Result) {
        self.transform = transform
        super.init(previous: previous)
    }

    override func produce(_ element: UnsafeRawPointer, _ node: ObserverNode) throws(StageStop) -> Result {
        let value = try previous.produce(element, node)
        if node.sinkIsDisposed { throw .dropped }
        do {
            return try transform(value)
        } catch {
            throw .failed(error)
        }
    }
}

/// A `filter` after other stages.
@usableFromInline
final class FilterStage<Element>: LaterStage<Element, Element>, @unchecked Sendable {
    private let predicate: (Element) throws -> Bool

    @usableFromInline
    init(previous: MapFilterProducer<Element>, predicate: @escaping (Element) throws -> Bool) {
        self.predicate = predicate
        super.init(previous: previous)
    }

    override func produce(_ element: UnsafeRawPointer, _ node: ObserverNode) throws(StageStop) -> Element {
        let value = try previous.produce(element, node)
        if node.sinkIsDisposed { throw .dropped }
        let kept: Bool
        do {
            kept = try predicate(value)
        } catch {
            throw .failed(error)
        }
        if kept { return value }
        throw .dropped
    }
}

/// The node the stages of a sinkless `just` subscription check between stages: never disposed (see
/// `MapFilterProducer.subscribe`).
private let neverDisposedNode = ObserverNode()

/// `Source` and `Result` are generic parameters of their own (not read as `Observer.Element`), so the
/// per-element path finds their metadata in the sink's own generic arguments instead of an
/// associated-type look-up.
final class MapFilterSink<Source, Result, Observer: ObserverType>: ElementSink<Source, Observer>, @unchecked Sendable
    where Observer.Element == Result {
    private let stages: MapFilterProducer<Result>

    init(stages: MapFilterProducer<Result>, observer: Observer, cancel: SinkLink?) {
        self.stages = stages
        super.init(observer: observer, cancel: cancel)
        hasTerminalLane = true
    }

    override func onTerminal(_ error: Swift.Error?) {
        if let error {
            forwardError(error)
        } else {
            forwardCompleted()
        }
    }

    override func onNextElement(_ element: Source) {
        // `&value` rather than `withUnsafePointer(to:)`: see `ElementLane.send`.
        var value = element
        step(at: &value)
    }

    override func onNextElement(at element: UnsafeRawPointer) {
        step(at: element.assumingMemoryBound(to: Source.self))
    }

    @inline(__always)
    private func step(at element: UnsafePointer<Source>) {
        var result: Result
        do throws(StageStop) {
            result = try stages.produce(UnsafeRawPointer(element), self)
        } catch {
            switch error {
            case .dropped:
                return
            case .failed(let failure):
                forwardError(failure)
                return
            }
        }
        forward(&result)
    }

    /// `forwardNext(at:)` for the result of a step, read in place by the observer's lane.
    @inline(__always)
    private func forward(_ result: UnsafePointer<Result>) {
        forwardNext(at: UnsafeRawPointer(result))
    }
}
