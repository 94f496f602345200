/// A type that can be converted to an `Observable`. Same as RxSwift's `ObservableConvertibleType`.
public protocol ObservableConvertibleType {
    /// The type of elements in the sequence.
    associatedtype Element
    /// The sequence as an `Observable`.
    func asObservable() -> Observable<Element>
}

/// A push-based sequence. Same as RxSwift's `ObservableType`.
public protocol ObservableType: ObservableConvertibleType {
    /// Subscribes `observer` and returns the disposable that ends the subscription.
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element
}

extension ObservableType {
    /// Default conversion: an `Observable` that subscribes to `self`.
    public func asObservable() -> Observable<Element> {
        Observable.create { observer in self.subscribe(observer) }
    }
}

/// The base class of every observable sequence, as in RxSwift (it is a class so that existing code that
/// subclasses or type-checks it keeps compiling).
///
/// Sequences are values that may be subscribed from any thread, so `Observable` is `Sendable`. Operator
/// closures are not required to be `@Sendable` (that would break RxSwift call sites); RxKit's guarantee
/// is that each subscription calls them serially. See ARCHITECTURE.md, "Concurrency".
open class Observable<Element>: ObservableType, @unchecked Sendable {
    private let resourceTracking = ResourceTracking()

    @usableFromInline
    init() {}

    /// Subscribes `observer`. Subclasses must override this.
    open func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        preconditionFailure("Observable.subscribe(_:) is abstract: subclass Producer (or use Observable.create) and implement run(_:cancel:).")
    }

    /// Returns `self`.
    public func asObservable() -> Observable<Element> { self }

    /// `map(transform)` on this sequence. `MapFilterProducer` (MapFilterFusion.swift) overrides it to add the stage
    /// to its own chain; any other sequence starts a chain.
    @usableFromInline
    func composeMap<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        FirstMapStage(source: self, transform: transform)
    }

    /// `filter(predicate)` on this sequence (see `composeMap`).
    @usableFromInline
    func composeFilter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        FirstFilterStage(source: self, predicate: predicate)
    }

    /// Subscribes `node` — a share's connection, an RxKit node with both lanes that observes this sequence's
    /// elements — without the generic `subscribe(_:)` (whose unspecialised code looks up the node's
    /// `ObserverType` conformance and casts its type), and returns the subscription; `nil` where the
    /// sequence has no such path, and the caller uses `subscribe(_:)`. A share has one
    /// (`ShareWhileConnected`): a Driver's or Signal's operators chain shares.
    /// A publish subject and a publish relay have one too, for any such node.
    func subscribe(shareConnection node: ObserverNode) -> SubjectSubscription? { nil }

    /// `subscribe(_:)` for a sink that is an RxKit node with both lanes: through
    /// `subscribe(shareConnection:)` where this sequence has that path (a subject, a relay, a share), so
    /// the sink's generic `ObserverType` conformance is looked up only where it is not (`observe(on:)` of a
    /// subject, the first hop of `asDriver`/`asSignal`). The same observer either way. Inline, so that the
    /// look-up happens in the fallback branch only (a call would need it as an argument).
    @inline(__always)
    final func subscribe<Node: ObserverNode & ObserverType>(node: Node) -> Disposable where Node.Element == Element {
        if node.hasElementLane && node.hasTerminalLane, let subscription = subscribe(shareConnection: node) {
            return subscription
        }
        return subscribe(node)
    }

    /// `subscribe(shareConnection:)` for the bridge: subscribes `node`, an RxKit node with both lanes that
    /// observes this sequence's elements (its Combine subscription), without the generic `subscribe(_:)`
    /// (whose unspecialised code looks up the node's `ObserverType` conformance per subscription) where
    /// this sequence has such a path; `nil` otherwise.
    package final func _subscribe(node: ObserverNode) -> SubjectSubscription? {
        precondition(node.hasElementLane && node.hasTerminalLane,
                     "Observable._subscribe(node:) takes a node with both lanes; subscribe other observers with subscribe(_:)")
        return subscribe(shareConnection: node)
    }

    /// Whether this is `just(_:)`'s observable (`JustProducer` overrides it): map/filter stages over a
    /// `just` deliver without a sink (see `MapFilterProducer.subscribe`).
    var isJust: Bool { false }

    /// Lends `just(_:)`'s element to `body` by address and returns true; on any other sequence returns
    /// false without calling it. Virtual, so the element is reached with the object's own metadata.
    func withJustElement(_ body: (UnsafeRawPointer) throws -> Void) rethrows -> Bool { false }

    /// Whether `subscribe(_:)` takes the `ClosureSubscription` of the `SubscribeObserver` it is given as its
    /// sink's link (`Producer` does), so that the subscription need not hold what `subscribe(_:)` returns.
    /// Asked by `subscribe(onNext:…)` only after `subscribeSynchronously` declined. Sequences that keep or
    /// call the observer themselves (subjects, shares, `empty`, `never`) say no.
    @usableFromInline
    var linksClosureSubscriber: Bool { false }

    /// `subscribe(onNext:onError:onCompleted:onDisposed:)` for a sequence that is over before `subscribe`
    /// returns whatever the closures do (`just` and map/filter stages over it override it): delivers to the
    /// closures right here — element, then completion or the error, then `onDisposed` — and returns true,
    /// so the caller needs no observer or subscription object and returns the no-op disposable (the
    /// subscription is already over; disposing it later would do nothing). Any other sequence returns
    /// false without calling anything.
    @usableFromInline
    func subscribeSynchronously(
        onNext: ((Element) -> Void)?,
        onError: ((Swift.Error) -> Void)?,
        onCompleted: (() -> Void)?,
        onDisposed: (() -> Void)?,
        callStack: [String]
    ) -> Bool {
        false
    }
}

/// Runs `body` on this thread's current-thread trampoline, starting one if none runs (as every `Producer`
/// subscription does): what `body` schedules on `CurrentThreadScheduler` runs after it.
@inline(__always)
func onCurrentThreadTrampoline(_ body: () -> Void) {
    if CurrentThreadScheduler.isScheduleRequired {
        CurrentThreadScheduler.runAsTrampoline(body)
    } else {
        body()
    }
}

/// The end of a synchronous closure subscription (see `Observable.subscribeSynchronously`): the terminal
/// handler, then `onDisposed`, as the subscription disposes itself after a terminal event.
func finishClosureSubscription(
    _ error: Swift.Error?,
    onError: ((Swift.Error) -> Void)?,
    onCompleted: (() -> Void)?,
    onDisposed: (() -> Void)?,
    callStack: [String]
) {
    runTerminalClosure(error, onError: onError, onCompleted: onCompleted, callStack: callStack)
    onDisposed?()
}

/// A closure subscription's terminal handler: the error to `onError` (or, without one, to
/// `Hooks.defaultErrorHandler`, as RxSwift), else completion to `onCompleted`.
func runTerminalClosure(
    _ error: Swift.Error?,
    onError: ((Swift.Error) -> Void)?,
    onCompleted: (() -> Void)?,
    callStack: [String]
) {
    if let error {
        if let onError {
            onError(error)
        } else {
            Hooks.reportUnhandled(error, callStack: callStack)
        }
    } else {
        onCompleted?()
    }
}
