import ReactiveBridgePrimitives

extension ObservableType {
    /// Subscribes a closure to every event.
    public func subscribe(_ on: @escaping (Event<Element>) -> Void) -> Disposable {
        subscribe(ClosureObserver(on))
    }

    /// Subscribes closures to elements, error, completion and disposal. An error with no `onError`
    /// goes to `Hooks.defaultErrorHandler`. `onDisposed` runs once, after the terminal handler or when
    /// the returned disposable is disposed. Same as RxSwift. (When the sequence is over before this
    /// returns — `just`, and `map`/`filter` over it — the returned disposable is the no-op one.)
    @inlinable
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let callStack = Hooks.recordCallStackOnError ? Hooks.customCaptureSubscriptionCallstack() : []
        let source = asObservable()
        // `just` and map/filter over it: over before this returns, with no observer or subscription object.
        if source.subscribeSynchronously(
            onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed, callStack: callStack
        ) {
            return Disposables.create()
        }
        // An RxKit operator takes the subscription as its sink's link: it holds no upstream of its own.
        let subscription = source.linksClosureSubscriber
            ? ClosureSubscription(onDisposed: onDisposed) : ClosureSubscriptionWithUpstream(onDisposed: onDisposed)
        // The call stack matters only to an error with no `onError`: kept in a reporting closure made for that
        // case, not in a field of every observer (8 bytes that round the object up to the next size class).
        let observer = SubscribeObserver<Element>(
            subscription: subscription, onNext: onNext,
            onError: callStack.isEmpty ? onError : reportingUnhandledErrors(onError, callStack: callStack),
            onCompleted: onCompleted
        )
        subscription.attach(source.subscribe(observer))
        return subscription
    }

    /// Like `subscribe(onNext:onError:onCompleted:onDisposed:)`, passing `object` to each closure
    /// while holding it weakly; events after `object` is released are ignored. Same as RxSwift 6.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onNext: { [weak object] value in
                guard let object else { return }
                onNext?(object, value)
            },
            onError: { [weak object] error in
                guard let object else { return }
                onError?(object, error)
            },
            onCompleted: { [weak object] in
                guard let object else { return }
                onCompleted?(object)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            }
        )
    }
}

/// The disposable behind closure subscriptions: disposes upstream and runs `onDisposed` once.
///
/// When the source is an RxKit operator (`Observable.linksClosureSubscriber`), it is also the link of that
/// operator's sink (a `SinkLink`, whose state word it shares): `Producer` attaches the sink to it directly
/// (`SubscribeObserver.claimOwnLink()`) instead of making a separate link, and returns `LinkedToSubscriber`,
/// which `attach` expects. The sink reports its own disposal (it disposes itself when it terminates, and
/// `skip(until:)` may end without a terminal event) with `sinkDisposed()`, which releases it without
/// disposing this subscription (no `onDisposed`, as with a separate link). Any other source (a subject, a
/// share) gets a `ClosureSubscriptionWithUpstream`, which holds what subscribing returned: kept out of
/// this class, the 40-byte upstream slot leaves it one malloc size class smaller (56 bytes, not 88).
///
/// Lock-free: one inline state word (see `InlineWord`, `SinkLink`). `dispose` sets "disposed" and, if the
/// sink (or upstream) is attached, takes it; whichever of attaching and disposing comes second disposes
/// it. "Stopped" is set by the observer on the first terminal event, so that nothing reaches the closures
/// after it, even re-entrantly from inside a terminal handler.
@usableFromInline
class ClosureSubscription: SinkLink, @unchecked Sendable {
    static let upstreamAttachedBit = 8
    static let stoppedBit = 16
    /// Set when a `Producer` took this subscription as its sink's link (`claimAsLink`).
    static let claimedBit = 32

    @exclusivity(unchecked) private var onDisposed: (() -> Void)?

    @usableFromInline
    init(onDisposed: (() -> Void)?) {
        self.onDisposed = onDisposed
        super.init()
    }

    /// Whether events may still reach the closures: neither disposed nor stopped (one acquire load).
    @inline(__always)
    final var acceptsEvents: Bool { InlineWord.load(self) & (Self.disposedBit | Self.stoppedBit) == 0 }

    /// Marks the first terminal event; `false` if there was one already or the subscription is disposed.
    final func stop() -> Bool {
        InlineWord.fetchOr(self, Self.stoppedBit) & (Self.disposedBit | Self.stoppedBit) == 0
    }

    /// Whether this call is the first to take this subscription as a sink's link.
    final func claimAsLink() -> Bool {
        InlineWord.fetchOr(self, Self.claimedBit) & Self.claimedBit == 0
    }

    /// Takes what subscribing returned: here always `LinkedToSubscriber` (the sink is attached to this
    /// subscription itself, see above), so there is nothing more to hold.
    @usableFromInline
    func attach(_ disposable: Disposable) {
        precondition(type(of: disposable) == LinkedToSubscriber.self,
                     "ClosureSubscription.attach: the source did not take the subscription as its sink's link; a Producer subclass whose subscribe(_:) does not go through Producer.subscribe must override linksClosureSubscriber to return false")
    }

    /// The sink disposed itself: release it, leaving this subscription (and `onDisposed`) alone.
    override final func sinkDisposed() {
        let previous = InlineWord.fetchOr(self, Self.sinkReleasedBit)
        guard previous & (Self.disposedBit | Self.sinkReleasedBit) == 0, previous & Self.attachedBit != 0 else { return }
        _ = sink.take()
    }

    @usableFromInline
    override final func dispose() {
        let previous = InlineWord.fetchOr(self, Self.disposedBit)
        guard previous & Self.disposedBit == 0 else { return }
        var sink: SinkBase?
        if previous & (Self.attachedBit | Self.sinkReleasedBit) == Self.attachedBit {
            sink = self.sink.take()
        }
        // Only the one caller that set "disposed" gets here, so `onDisposed` needs no lock.
        let onDisposed = self.onDisposed.take()
        sink?.dispose()
        // Set only by `ClosureSubscriptionWithUpstream.attach`.
        if previous & Self.upstreamAttachedBit != 0 { disposeUpstream() }
        onDisposed?()
    }

    /// Disposes the upstream `attach` stored (`ClosureSubscriptionWithUpstream`); called once, by `dispose`.
    func disposeUpstream() {}
}

/// A `ClosureSubscription` for a source that does not take it as its sink's link (a subject, a share, a
/// sequence of another kind): it holds what subscribing returned and disposes it. `attach` stores the
/// upstream and sets "upstream attached"; `dispose` sets "disposed"; whichever comes second disposes it.
@usableFromInline
final class ClosureSubscriptionWithUpstream: ClosureSubscription, @unchecked Sendable {
    /// A `DisposableSlot`, not `Disposable?`: see there.
    @exclusivity(unchecked) private var upstream = DisposableSlot.empty

    @usableFromInline
    override init(onDisposed: (() -> Void)?) {
        super.init(onDisposed: onDisposed)
    }

    @usableFromInline
    override func attach(_ disposable: Disposable) {
        // A source that passed the observer on to an RxKit operator: the sink is attached to this
        // subscription itself, nothing more to hold.
        if type(of: disposable) == LinkedToSubscriber.self { return }
        upstream = .holding(disposable)
        let previous = InlineWord.fetchOr(self, Self.upstreamAttachedBit)
        if previous & Self.disposedBit != 0 {
            // `dispose` came first (e.g. the sequence ended during `subscribe`) and left the upstream to us.
            upstream = .empty
            disposable.dispose()
        }
    }

    override func disposeUpstream() {
        // A `let`, not a `var` assigned in an `if`: assigning destroys the `nil` first (see `DisposableSlot`).
        let upstream = self.upstream.take()
        // Moved into the call: `upstream?.dispose()` copies the existential first (a copy and a destroy
        // through the value witnesses of what it holds, ~240 instructions for a subject's subscription).
        if case .some(let upstream) = consume upstream { upstream.dispose() }
    }
}

/// A `ClosureSubscription` for a subscription to a share's hub (`drive`/`emit` on a Driver's or Signal's
/// stage, see `SharedSequence.subscribeClosures`): it holds the hub and its key as themselves, 16 bytes
/// where `ClosureSubscriptionWithUpstream` keeps a 40-byte existential (a malloc size class smaller per
/// subscription). `attach` and `dispose` meet as there: whichever comes second disposes the upstream.
@usableFromInline
final class ClosureSubscriptionToHub: ClosureSubscription, @unchecked Sendable {
    @exclusivity(unchecked) private var upstream: SubjectSubscription?

    @usableFromInline
    override init(onDisposed: (() -> Void)?) {
        super.init(onDisposed: onDisposed)
    }

    func attach(_ subscription: SubjectSubscription) {
        upstream = subscription
        let previous = InlineWord.fetchOr(self, Self.upstreamAttachedBit)
        if previous & Self.disposedBit != 0 {
            // `dispose` came first (the sequence ended during `subscribe`) and left the upstream to us.
            upstream = nil
            subscription.dispose()
        }
    }

    override func disposeUpstream() {
        let upstream = self.upstream.take()
        upstream?.dispose()
    }
}

/// The observer behind `subscribe(onNext:onError:onCompleted:onDisposed:)`: calls the closures until the
/// first terminal event or disposal (grammar guard through `ClosureSubscription`), and takes elements
/// through the element lane. Holding the closures here (not in the subscription) releases them when the
/// subscription's sink chain is released, even if the caller keeps the disposable.
@usableFromInline
final class SubscribeObserver<Element>: ObserverNode, ObserverType, @unchecked Sendable {
    private let subscription: ClosureSubscription
    private let onNext: ((Element) -> Void)?
    private let onError: ((Swift.Error) -> Void)?
    private let onCompleted: (() -> Void)?

    @usableFromInline
    init(
        subscription: ClosureSubscription,
        onNext: ((Element) -> Void)?,
        onError: ((Swift.Error) -> Void)?,
        onCompleted: (() -> Void)?
    ) {
        self.subscription = subscription
        self.onNext = onNext
        self.onError = onError
        self.onCompleted = onCompleted
        super.init()
        hasElementLane = true
        hasTerminalLane = true
        hasOwnLink = true
    }

    /// The subscription is the link of the sink this observer is subscribed to (see `ClosureSubscription`).
    override func claimOwnLink() -> SinkLink? {
        subscription.claimAsLink() ? subscription : nil
    }

    @usableFromInline
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            onNextElement(element)
        case .error(let error):
            onTerminal(error)
        case .completed:
            onTerminal(nil)
        }
    }

    override func onTerminal(_ error: Swift.Error?) {
        guard subscription.stop() else { return }
        runTerminalClosure(error, onError: onError, onCompleted: onCompleted, callStack: [])
        subscription.dispose()
    }

    func onNextElement(_ element: Element) {
        guard subscription.acceptsEvents else { return }
        onNext?(element)
    }

    override func onNextElement(at element: UnsafeRawPointer) {
        onNextElement(element.assumingMemoryBound(to: Element.self).pointee)
    }
}

/// `onError`, or if there is none, a closure reporting the error with `callStack` (what `SubscribeObserver`
/// keeps in place of a call-stack field). Out of line: call stacks are recorded only when a hook asks.
@usableFromInline @inline(never)
func reportingUnhandledErrors(
    _ onError: ((Swift.Error) -> Void)?, callStack: [String]
) -> ((Swift.Error) -> Void)? {
    onError ?? { error in Hooks.reportUnhandled(error, callStack: callStack) }
}
