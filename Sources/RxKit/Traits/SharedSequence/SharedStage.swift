import ReactiveBridgePrimitives

/// What a Driver's or Signal's `map` or `filter` makes, and their conversion from an observable
/// (`CatchReturnSharedStage`): the share of the operator (`share(replay: 1 or 0, scope: .whileConnected)` of
/// it, as in RxCocoa), kept small until someone subscribes. The operator's closure and what it observes
/// live here; a subscription makes the share's connection (`StageConnection`), the subscribers' hub, which
/// this stage holds while it is live. It behaves as that share does (see `ShareWhileConnected`): the first
/// subscriber connects; later ones get the latest element (with replay) and what follows; when the source
/// ends or the last subscriber leaves, the connection stops, and the next subscriber starts a new one,
/// from scratch.
///
/// **Fusing.** RxCocoa makes a share per operator, so a chain of twelve operators has twelve shares, and a
/// share that only the next operator can reach has exactly one subscriber, ever: that operator's share.
/// Such a share is invisible: it replays to nobody (no one can subscribe late) and reconnects exactly when
/// its one subscriber does. So a connection looks down the chain when it connects (`subscribeToSource`)
/// and takes over every stage that nothing but the stage above references (`upstreamIsSoleStage`): it
/// subscribes to what the lowest of them observes and runs their closures itself, in order, per element
/// (`StageConnection.runStages(on:)`), after the conversion's stage, when it is the lowest, has made its
/// hop (`adaptsSource`). A stage that anything else references — a `Driver` value someone keeps, an
/// `Observable` made of it, a second operator built on it, its own live connection — is subscribed to as a
/// share.
///
/// Where the stage is not the live connection's (a `SharedSequence` holds it), the next operator's stage
/// and `drive`/`emit` subscribe to it directly; `asObservable()` wraps it in a `SharedStageObservable`.
///
/// The layout is what makes it small: a non-generic root class (`StageBase`) whose first stored property
/// is the share's mutex, then three flags in the rest of that word, what it observes, the live connection
/// and the closure: 56 bytes for a `map` or `filter`.
@usableFromInline
class StageBase: @unchecked Sendable {
    /// The share's mutex. It must stay the first stored property of this root class: `lock` finds it at
    /// the object's first stored-property address. Swift code never touches it after `init`.
    private final var mutexStorage = PlatformMutex()
    /// Whether the share replays its latest element to a later subscriber (a Driver's) or not (a Signal's).
    final let replaysLatest: Bool
    /// What `upstream` is.
    final let upstreamKind: StageUpstreamKind
    /// Whether the stage adapts what it observes rather than transforming elements one by one: the
    /// conversion's stage (`CatchReturnSharedStage`), always the lowest of a chain. A connection that runs
    /// it hands it what it observes (`receive(_:for:)`, `receiveTerminal(_:for:)`) and runs the stages
    /// above it on what it passes on; it is never part of the loop.
    final let adaptsSource: Bool
    /// What the stage observes: another stage or an observable (see `upstreamKind`).
    final let upstream: AnyObject

    init(upstream: AnyObject, kind: StageUpstreamKind, replaysLatest: Bool, adaptsSource: Bool) {
        self.replaysLatest = replaysLatest
        upstreamKind = kind
        self.adaptsSource = adaptsSource
        self.upstream = upstream
        lock.initialize()
    }

    /// The share's lock: guards `connection` and, shared with them, every connection's hub.
    @inline(__always)
    final var lock: MutexReference {
        MutexReference(_getUnsafePointerToStoredProperties(self).assumingMemoryBound(to: PlatformMutex.self))
    }

    /// Whether `upstream` is a stage that nothing but this stage references, so that a connection of the
    /// stage above may run it itself (see "Fusing" above). Only this stage can then reach it, and a
    /// stage's `upstream` is read only by connections of the stage above, one live at a time; so
    /// nothing can start referencing it while the connection that asked is live. A reference held for a
    /// moment elsewhere (a stopped connection of the stage above still subscribing) only makes the answer
    /// "no", and subscribing to a share is always right: running it is the shortcut.
    ///
    /// `isKnownUniquelyReferenced` needs a `var` holding the reference, and would count a copy; so a probe
    /// borrows this stage's reference without a retain (`takeRetainedValue`) and hands it back before it
    /// goes (`passRetained`): no count changes.
    final var upstreamIsSoleStage: Bool {
        guard upstreamKind == .stage else { return false }
        var probe = Unmanaged<StageBase>.fromOpaque(Unmanaged.passUnretained(upstream).toOpaque()).takeRetainedValue()
        let unique = isKnownUniquelyReferenced(&probe)
        _ = Unmanaged.passRetained(probe)
        return unique
    }

    /// Subscribes `connection` — a connection of this stage or of one above that runs this one — to what
    /// this stage observes, as `ShareConnectionBase.subscribeToSource` does: returns the subscription to a
    /// share, or passes any other to `adopt` and returns `nil`. Each kind overrides it.
    func subscribeUpstream(_ connection: ObserverNode, adopt: (Disposable) -> Void) -> ShareSourceSubscription? {
        preconditionFailure("StageBase.subscribeUpstream is abstract: each stage kind overrides it.")
    }

    /// The operator on one element of its source, at `element`: whether it drops it, passes it on as it
    /// is, or made a new element, which it initialised at `result` (the caller destroys it with
    /// `destroyResult(at:)`). An error its closure throws is rethrown. Each kind overrides it. Untyped, on
    /// this non-generic class, so that a connection calls each stage it runs without looking up a generic
    /// type's metadata (a hash-table probe per stage per element in unspecialised code).
    func apply(_ element: UnsafeRawPointer, makingAt result: UnsafeMutableRawPointer) throws -> StageOutcome {
        preconditionFailure("StageBase.apply is abstract: each stage kind overrides it.")
    }

    /// Destroys an element `apply` made at `result`.
    func destroyResult(at result: UnsafeMutableRawPointer) {
        preconditionFailure("StageBase.destroyResult is abstract: each stage kind overrides it.")
    }

    /// The size and alignment of room for an element this stage makes.
    var resultLayout: (stride: Int, alignment: Int) {
        preconditionFailure("StageBase.resultLayout is abstract: each stage kind overrides it.")
    }

    /// For a stage that `adaptsSource`: an element of what it observes, at `element`, which reached
    /// `chain`, the connection running it; the stage passes it on with `chain.runStages(on:)`, now or later.
    func receive(_ element: UnsafeRawPointer, for chain: StageChain) {
        preconditionFailure("StageBase.receive(_:for:) is only for a stage that adapts its source; that kind overrides it.")
    }

    /// For a stage that `adaptsSource`: the terminal event of what it observes, which reached `chain`.
    func receiveTerminal(_ error: Swift.Error?, for chain: StageChain) {
        preconditionFailure("StageBase.receiveTerminal(_:for:) is only for a stage that adapts its source; that kind overrides it.")
    }

    /// `subscribeUpstream` for an observable `source`: its subscription when it takes a share connection
    /// (`Observable.subscribe(shareConnection:)`), otherwise `nil`, with `connection` subscribed through a
    /// `StageSourceObserver` and the subscription passed to `adopt`.
    final func subscribe<Source>(_ connection: ObserverNode, to source: Observable<Source>,
                                 adopt: (Disposable) -> Void) -> ShareSourceSubscription? {
        if let subscription = source.subscribe(shareConnection: connection) { return ShareSourceSubscription(subscription) }
        adopt(source.subscribe(StageSourceObserver<Source>(connection: connection)))
        return nil
    }
}

/// A connection that runs stages, as a stage that adapts its source sees it (`StageBase.receive(_:for:)`).
protocol StageChain: AnyObject {
    /// Runs the stages above the adapting one on `element` (an element of the adapting stage's type) and
    /// delivers what comes out, as `ObserverNode.onNextElement(at:)` would for an element of its source.
    func runStages(on element: UnsafeRawPointer)
    /// Ends the connection with a completion.
    func complete()
    /// Whether the connection has stopped (it takes the lock).
    var hasStopped: Bool { get }
}

/// What a stage did with one element (`StageBase.apply`).
enum StageOutcome {
    case dropped, passed, made
}

/// What a stage observes (`StageBase.upstream`).
@usableFromInline
enum StageUpstreamKind: UInt8 {
    /// Another `SharedStage` of the stage's source element.
    case stage
    /// An `Observable`: the sequence a `SharedSequence` wraps, or the source of a conversion.
    case observable
}

/// A stage whose share delivers `Element`s (see `StageBase`).
@usableFromInline
class SharedStage<Element>: StageBase, @unchecked Sendable {
    /// The live connection, if any. Guarded by `lock`. It holds this stage while it is live.
    @exclusivity(unchecked) final var connection: StageConnection<Element>?

    /// Subscribes `observer` to the live connection, making one (and connecting it after the subscription)
    /// if there is none.
    @usableFromInline
    final func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        lock.lock()
        return joinOrConnect(connection, orMake: { newConnectionLocked() }) { $0.subscribeLocked(observer, unconnected: $1) }
    }

    /// `subscribe(_:)` for an RxKit node with both lanes: the connection of a stage above that is not
    /// fused with this one, and `asObservable()`'s subscribers that are such nodes.
    final func subscribe(node: ObserverNode) -> SubjectSubscription {
        lock.lock()
        return joinOrConnect(connection, orMake: { newConnectionLocked() }) { $0.subscribeLocked(node: node, unconnected: $1) }
    }

    /// `subscribe(node:)` for `drive`'s and `emit`'s observer: `subscription`, the observer's closure
    /// subscription, keeps what it returns.
    @usableFromInline
    final func subscribe(_ observer: ObserverNode, attachingTo subscription: ClosureSubscriptionToHub) {
        subscription.attach(subscribe(node: observer))
    }

    /// Makes the live connection (there is none); the caller subscribes, then connects it. Call with
    /// `lock` held. Returned unretained: `connection` holds it until it stops, and only the subscriber being
    /// added or the source, neither yet subscribed, could stop it before the subscription the caller makes
    /// holds it (as `ShareWhileConnected.newConnectionLocked`).
    @inline(__always)
    private final func newConnectionLocked() -> Unmanaged<ShareConnectionBase<Element>> {
        let made = StageConnection(share: self)
        let handle = Unmanaged<ShareConnectionBase<Element>>.passUnretained(made)
        connection = consume made
        return handle
    }
}

/// A stage of an operator from `Source` elements to `Result` elements: `map` (`MapSharedStage`) or `filter`
/// (`FilterSharedStage`), which says what the operator does to one element (`apply`).
@usableFromInline
class OperatorSharedStage<Source, Result>: SharedStage<Result>, @unchecked Sendable {
    /// A stage observing `upstream`, which is a stage or an observable (`kind`).
    @usableFromInline
    init(upstream: AnyObject, kind: StageUpstreamKind, replaysLatest: Bool) {
        super.init(upstream: upstream, kind: kind, replaysLatest: replaysLatest, adaptsSource: false)
    }

    override final func destroyResult(at result: UnsafeMutableRawPointer) {
        // A plain value (an `Int`, a struct of them) needs nothing: one flag, where the destroy would be a
        // generic runtime call.
        if _isPOD(Result.self) { return }
        result.assumingMemoryBound(to: Result.self).deinitialize(count: 1)
    }

    override final var resultLayout: (stride: Int, alignment: Int) {
        (MemoryLayout<Result>.stride, MemoryLayout<Result>.alignment)
    }

    override final func subscribeUpstream(_ connection: ObserverNode, adopt: (Disposable) -> Void) -> ShareSourceSubscription? {
        switch upstreamKind {
        case .stage:
            return ShareSourceSubscription(unsafeDowncast(upstream, to: SharedStage<Source>.self).subscribe(node: connection))
        case .observable:
            return subscribe(connection, to: unsafeDowncast(upstream, to: Observable<Source>.self), adopt: adopt)
        }
    }
}

/// A Driver's or Signal's `map`: the share of `upstream.map(transform)` (see `StageBase`). `transform`
/// runs once per upstream element, on the delivering thread, before the result is recorded and delivered;
/// an error it throws terminates the connection, as through a map sink.
@usableFromInline
final class MapSharedStage<Source, Result>: OperatorSharedStage<Source, Result>, @unchecked Sendable {
    private let transform: (Source) throws -> Result

    @usableFromInline
    init(upstream: AnyObject, kind: StageUpstreamKind, transform: @escaping (Source) throws -> Result, replaysLatest: Bool) {
        self.transform = transform
        super.init(upstream: upstream, kind: kind, replaysLatest: replaysLatest)
    }

    override func apply(_ element: UnsafeRawPointer, makingAt result: UnsafeMutableRawPointer) throws -> StageOutcome {
        result.assumingMemoryBound(to: Result.self).initialize(to: try transform(element.assumingMemoryBound(to: Source.self).pointee))
        return .made
    }
}

/// A Driver's or Signal's `filter`: the share of `upstream.filter(predicate)` (see `MapSharedStage`).
@usableFromInline
final class FilterSharedStage<Element>: OperatorSharedStage<Element, Element>, @unchecked Sendable {
    private let predicate: (Element) throws -> Bool

    @usableFromInline
    init(upstream: AnyObject, kind: StageUpstreamKind, predicate: @escaping (Element) throws -> Bool, replaysLatest: Bool) {
        self.predicate = predicate
        super.init(upstream: upstream, kind: kind, replaysLatest: replaysLatest)
    }

    override func apply(_ element: UnsafeRawPointer, makingAt result: UnsafeMutableRawPointer) throws -> StageOutcome {
        try predicate(element.assumingMemoryBound(to: Element.self).pointee) ? .passed : .dropped
    }
}

/// A connection of a `SharedStage`: the subscribers' hub, and the observer of what the lowest stage it
/// runs observes (see "Fusing" at `StageBase`). It holds its stage until it stops, when the stage lets it
/// go (`detachLocked`). When the lowest stage it runs is the conversion's (`adaptsSource`), what it
/// observes goes to that stage first, which makes the hop and replaces an error, and comes back through
/// `runStages(on:)`.
final class StageConnection<Element>: ShareConnectionBase<Element>, StageChain, @unchecked Sendable {
    private let share: SharedStage<Element>
    /// The lowest stage this connection runs, when it adapts its source (see above); unretained: `share`
    /// holds it, through the stages between. Set before the source is subscribed, read per element.
    @exclusivity(unchecked) private var sourceStage: Unmanaged<StageBase>?
    /// How many stages below `share` the loop runs (`-1`: not even `share`, which is then the conversion's
    /// stage itself); the room an element any of them makes takes, and its alignment (see
    /// `runStages(on:)`). Set before the source is subscribed, read per element.
    @exclusivity(unchecked) private var loopLevels: Int16 = 0
    @exclusivity(unchecked) private var slotAlignment: UInt16 = 0
    @exclusivity(unchecked) private var slotStride: Int32 = 0

    init(share: SharedStage<Element>) {
        self.share = share
        super.init(sharedLock: share.lock, replaysLatest: share.replaysLatest)
    }

    override func detachLocked() {
        if share.connection === self { share.connection = nil }
    }

    override func subscribeToSource() -> ShareSourceSubscription? {
        var lowest = Unmanaged<StageBase>.passUnretained(share)
        var fused = 0
        var (stride, alignment) = share.resultLayout
        alignment = max(alignment, MemoryLayout<Unmanaged<StageBase>>.alignment)  // the scratch space starts with the stages
        while lowest._withUnsafeGuaranteedRef({ $0.upstreamIsSoleStage }) {
            lowest = lowest._withUnsafeGuaranteedRef { Unmanaged.fromOpaque(Unmanaged.passUnretained($0.upstream).toOpaque()) }
            let layout = lowest._withUnsafeGuaranteedRef { $0.resultLayout }
            stride = max(stride, layout.stride)
            alignment = max(alignment, layout.alignment)
            fused += 1
        }
        let adapts = lowest._withUnsafeGuaranteedRef { $0.adaptsSource }
        precondition(fused < Int(Int16.max) && stride <= Int(Int32.max) && alignment <= Int(UInt16.max),
                     "A Driver or Signal chain of \(fused) operators, or with elements of \(stride) bytes, is more than one connection runs: keep a reference to a Driver or Signal partway up, which is then shared there")
        sourceStage = adapts ? lowest : nil
        loopLevels = Int16(adapts ? fused - 1 : fused)
        slotAlignment = UInt16(alignment)
        slotStride = Int32(Self.roundedUp(stride, to: alignment))
        return lowest._withUnsafeGuaranteedRef { $0.subscribeUpstream(self) { adoptSourceSubscription($0) } }
    }

    private static func roundedUp(_ size: Int, to alignment: Int) -> Int {
        (size + alignment - 1) & ~(alignment - 1)
    }

    /// An element of what the lowest stage observes: to the conversion's stage, if it is that, or through
    /// the stages (`runStages(on:)`).
    override func onNextElement(at element: UnsafeRawPointer) {
        if let sourceStage {
            sourceStage._withUnsafeGuaranteedRef { $0.receive(element, for: self) }
        } else {
            runStages(on: element)
        }
    }

    /// The terminal event of what the lowest stage observes: to the conversion's stage, if it is that (which
    /// replaces an error), or to the subscribers.
    override func onTerminal(_ error: Swift.Error?) {
        if let sourceStage {
            sourceStage._withUnsafeGuaranteedRef { $0.receiveTerminal(error, for: self) }
        } else {
            super.onTerminal(error)
        }
    }

    func complete() {
        terminate(.completed)
    }

    var hasStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isStoppedLocked
    }

    /// Each stage the loop runs, from the lowest up to `share`, takes what the one below passed on, and what
    /// comes out of `share` is delivered. In a loop, not by each stage calling the next: nesting a call per
    /// stage in the one below costs a chain of twelve stages a third more time (R11) for the same
    /// instructions. The loop needs the stages in order, and room for an element a stage makes while the
    /// one it took still lives: scratch space on the stack holds the stages, found once per element by
    /// walking down from `share`, and two slots that the elements stages make take turns in.
    func runStages(on element: UnsafeRawPointer) {
        let levels = Int(loopLevels)
        guard levels >= 0 else {
            deliverNextElement(element.assumingMemoryBound(to: Element.self))
            return
        }
        let alignment = Int(slotAlignment)
        let stride = Int(slotStride)
        let stagesSize = Self.roundedUp((levels + 1) * MemoryLayout<Unmanaged<StageBase>>.stride, to: alignment)
        withUnsafeTemporaryAllocation(byteCount: stagesSize + 2 * stride, alignment: alignment) { space in
            let stages = space.baseAddress.unsafelyUnwrapped
            var stage = Unmanaged<StageBase>.passUnretained(share)
            stages.storeBytes(of: stage, as: Unmanaged<StageBase>.self)
            var depth = 0
            while depth < levels {
                stage = stage._withUnsafeGuaranteedRef { Unmanaged.fromOpaque(Unmanaged.passUnretained($0.upstream).toOpaque()) }
                depth += 1
                stages.storeBytes(of: stage, toByteOffset: depth * MemoryLayout<Unmanaged<StageBase>>.stride, as: Unmanaged<StageBase>.self)
            }
            runStages(on: element, stages: stages, from: levels, slots: (stages + stagesSize, stages + stagesSize + stride))
        }
    }

    /// `runStages(on:)`'s loop: runs the stages at `stages` (`share` first) from `depth` up on `element`,
    /// then delivers what comes out.
    @inline(__always)
    private func runStages(on element: UnsafeRawPointer, stages: UnsafeMutableRawPointer, from depth: Int,
                           slots: (UnsafeMutableRawPointer, UnsafeMutableRawPointer)) {
        var current = UnsafeMutableRawPointer(mutating: element)
        // The stage that made `current` in a slot, which destroys it once it has been taken; nil while
        // `current` is the source's element.
        var maker: Unmanaged<StageBase>?
        var depth = depth
        while true {
            let stage = stages.load(fromByteOffset: depth * MemoryLayout<Unmanaged<StageBase>>.stride, as: Unmanaged<StageBase>.self)
            let target = current == slots.0 ? slots.1 : slots.0
            let outcome: StageOutcome
            do {
                outcome = try stage._withUnsafeGuaranteedRef { try $0.apply(current, makingAt: target) }
            } catch {
                if let maker { maker._withUnsafeGuaranteedRef { $0.destroyResult(at: current) } }
                fail(error)
                return
            }
            switch outcome {
            case .dropped:
                if let maker { maker._withUnsafeGuaranteedRef { $0.destroyResult(at: current) } }
                return
            case .passed:
                break
            case .made:
                if let maker { maker._withUnsafeGuaranteedRef { $0.destroyResult(at: current) } }
                current = target
                maker = stage
            }
            if depth == 0 { break }
            depth -= 1
        }
        deliverNextElement(UnsafePointer(current.assumingMemoryBound(to: Element.self)))
        if let maker { maker._withUnsafeGuaranteedRef { $0.destroyResult(at: current) } }
    }
}

/// A `StageConnection` as the typed observer of an observable that takes no share connection
/// (`Observable.subscribe(shareConnection:)` gives `nil`): it passes each event to the connection's lanes.
struct StageSourceObserver<Element>: ObserverType {
    let connection: ObserverNode

    func on(_ event: Event<Element>) {
        switch event {
        case .next(var element):
            send(&element)
        case .error(let error):
            connection.onTerminal(error)
        case .completed:
            connection.onTerminal(nil)
        }
    }

    /// The element, through the connection's lane (`&value` passed as a typed pointer, then converted: the
    /// connection reads it back as the lowest stage's source element, this observer's `Element`).
    private func send(_ element: UnsafePointer<Element>) {
        connection.onNextElement(at: UnsafeRawPointer(element))
    }
}

/// A `SharedStage` as an `Observable`, for what takes a shared sequence as one (`asObservable()`): made per
/// call, it subscribes every observer to the stage.
final class SharedStageObservable<Element>: Observable<Element>, @unchecked Sendable {
    let stage: SharedStage<Element>

    init(_ stage: SharedStage<Element>) {
        self.stage = stage
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        stage.subscribe(observer)
    }

    override func subscribe(shareConnection observer: ObserverNode) -> SubjectSubscription? {
        stage.subscribe(node: observer)
    }
}
