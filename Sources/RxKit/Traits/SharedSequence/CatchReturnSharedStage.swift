import ReactiveBridgePrimitives

/// What `asDriver(onErrorJustReturn:)` and `asSignal(onErrorJustReturn:)` make (and
/// `asSharedSequence(sharingStrategy:onErrorJustReturn:)` with their strategies): the share of
/// `upstream.observe(on: scheduler).catchAndReturn(fallback)` (`share(replay: 1 or 0, scope:
/// .whileConnected)` of it, as in RxCocoa), kept as small as a `map`'s stage until someone subscribes (see
/// `StageBase`). Whichever connection runs it — its own, or that of the operator above when only that
/// operator references it — hands it what `upstream` sends (`adaptsSource`), and it makes the hop and
/// replaces the error itself, with no `observe(on:)` or `catchAndReturn` sink between.
///
/// When `upstream` fails, the connection gets `fallback` and then the completion, as from a
/// `catchAndReturn` sink (RxSwift's `catchAndReturn` subscribes to `just(fallback)` at once, which sends the
/// element and the completion before the error's delivery returns); elements and the completion pass as
/// they are.
///
/// When `scheduler` is a serial dispatch-queue scheduler (the main scheduler outside
/// `SharingScheduler.mock`), the stage makes the hop to it itself (`hop`), in the same order as
/// `ObserveOnSerialSink`: the source is subscribed on a current-thread trampoline (as any producer's
/// subscription is); each element is passed on inline when the scheduler would run it inline (the main
/// scheduler on the main queue with nothing waiting) and otherwise handed to the queue in order
/// (`QueueHandOff`), and dropped there if the connection has stopped meanwhile, as the disposed sink would
/// drop it; the terminal event is always scheduled (`scheduleUncancellable`, which the main scheduler runs
/// inline under the same rule), and dropped the same way. For any other scheduler `upstream` is the
/// `observe(on:)` itself and `hop` is `nil`.
@usableFromInline
final class CatchReturnSharedStage<Element>: SharedStage<Element>, QueueHandOffReceiver, @unchecked Sendable {
    /// The replacement for an error.
    private let fallback: Element
    /// The scheduler to deliver on, when the stage makes the hop itself.
    private let hop: SerialDispatchQueueScheduler?
    /// Made at the first element that is not passed on inline, under `lock`: connections one after the
    /// other share it (each waiting element names its own), and a stopped connection's source may still be
    /// sending while the next one's starts.
    @exclusivity(unchecked) private var handOff: QueueHandOff<CatchReturnSharedStage>?

    @usableFromInline
    convenience init(upstream: Observable<Element>, observedOn scheduler: ImmediateSchedulerType, fallback: Element,
                     replaysLatest: Bool) {
        if let serial = serialDispatchQueueScheduler(scheduler) {
            self.init(upstream: upstream, hop: serial, fallback: fallback, replaysLatest: replaysLatest)
        } else {
            self.init(upstream: upstream.observe(on: scheduler), hop: nil, fallback: fallback, replaysLatest: replaysLatest)
        }
    }

    private init(upstream: Observable<Element>, hop: SerialDispatchQueueScheduler?, fallback: Element, replaysLatest: Bool) {
        self.hop = hop
        self.fallback = fallback
        super.init(upstream: upstream, kind: .observable, replaysLatest: replaysLatest, adaptsSource: true)
    }

    override func subscribeUpstream(_ connection: ObserverNode, adopt: (Disposable) -> Void) -> ShareSourceSubscription? {
        let source = unsafeDowncast(upstream, to: Observable<Element>.self)
        guard hop != nil else { return subscribe(connection, to: source, adopt: adopt) }
        // As `observe(on:)`'s producer subscribes its source: on a current-thread trampoline, with the
        // subscription kept once the trampoline's work has run.
        var subscription: ShareSourceSubscription?
        var other: Disposable?
        onCurrentThreadTrampoline {
            subscription = subscribe(connection, to: source) { other = $0 }
        }
        if let other { adopt(other) }
        return subscription
    }

    // It makes no element of its own: a connection never runs it in its loop.
    override func apply(_ element: UnsafeRawPointer, makingAt result: UnsafeMutableRawPointer) throws -> StageOutcome {
        .passed
    }

    override func destroyResult(at result: UnsafeMutableRawPointer) {}

    override var resultLayout: (stride: Int, alignment: Int) { (0, 1) }

    override func receive(_ element: UnsafeRawPointer, for chain: StageChain) {
        guard let hop else {
            chain.runStages(on: element)
            return
        }
        if hop.runInlineIfScheduleWould({ chain.runStages(on: element) }) { return }
        scheduleNext(element.assumingMemoryBound(to: Element.self).pointee, for: chain)
    }

    /// An element the scheduler would not run inline: handed to its queue. Out of line, so the inline path
    /// builds no closure.
    @inline(never)
    private func scheduleNext(_ element: Element, for chain: StageChain) {
        lock.lock()
        let handOff = self.handOff ?? QueueHandOff(receiver: self)
        self.handOff = handOff
        lock.unlock()
        hop.unsafelyUnwrapped.dispatchHandOffItem(handOff.item(for: HandedOffElement(chain: chain, element: element)))
    }

    /// An element that waited on the queue, for the connection that received it.
    @usableFromInline
    struct HandedOffElement {
        let chain: StageChain
        var element: Element
    }

    /// A scheduled element, on the scheduler: dropped if its connection stopped while it waited.
    @usableFromInline
    func receiveHandedOff(_ value: HandedOffElement) {
        if !value.chain.hasStopped {
            var element = value.element
            pass(&element, to: value.chain)
        }
        hop.unsafelyUnwrapped.handOffItemRan()
    }

    /// `element` to the stages above (`&value` passed as a typed pointer, then converted).
    private func pass(_ element: UnsafePointer<Element>, to chain: StageChain) {
        chain.runStages(on: UnsafeRawPointer(element))
    }

    /// The source's terminal event: handled at once, or, with a hop, scheduled, and dropped, as an element
    /// is, if the connection has stopped before it runs (the `observe(on:)` sink the stage stands in for
    /// would have been disposed: no fallback then for the operators above).
    override func receiveTerminal(_ error: Swift.Error?, for chain: StageChain) {
        guard let hop else {
            handleTerminal(error, for: chain)
            return
        }
        if chain.hasStopped { return }
        hop.scheduleUncancellable { [self] in
            if !chain.hasStopped { handleTerminal(error, for: chain) }
        }
    }

    private func handleTerminal(_ error: Swift.Error?, for chain: StageChain) {
        if error != nil {
            // `fallback`, then the completion.
            var element = fallback
            pass(&element, to: chain)
        }
        chain.complete()
    }
}
