import CombineKit
import RxKit
import ReactiveBridgePrimitives

extension Publisher {
    /// This publisher as an Rx `Observable`: subscribes on each Rx subscription, requests `.unlimited`
    /// (Rx has no back-pressure), forwards values, finish as `completed` and a failure as `error`;
    /// disposing the Rx subscription cancels the Combine one, exactly once.
    ///
    /// ```swift
    /// let rates: Observable<Rates> = combineService.ratesPublisher().asObservable()
    /// ```
    // Inlinable: built in the caller's specialised code, the producer, the subscriber and the publisher's
    // subscription have their metadata at hand instead of looking it up at run time per call.
    @inlinable
    public func asObservable() -> Observable<Output> {
        // `_serialSource`, not `create`: a publisher calls one subscriber serially (Combine's contract), so
        // the events need no second serialisation (two lock round trips per value in `create`).
        _serialSource(serialSourceHandler())
    }

    /// `asObservable()`'s handler for `_serialSource`: subscribes this publisher for each Rx subscription.
    /// Made in the caller's specialised code (see `asObservable()`).
    @inlinable
    func serialSourceHandler() -> (_SerialSourceRequest) -> _SerialSourceSubscription {
        let publisher = self
        return { (request: _SerialSourceRequest) -> _SerialSourceSubscription in
            if let node = request.node {
                // One of RxKit's own observers: one object is the Rx sink and the Combine subscriber.
                let sink = PublisherNodeSink<Output, Failure>(node, forward: nodeSinkForwarder(Output.self))
                publisher.subscribe(sink)
                return .sink(sink)
            }
            guard let observer = request.observer(of: Output.self) else {
                preconditionFailure("asObservable(): RxKit's request carries neither a node nor an observer")
            }
            let subscriber = ObserverSubscriber<Output, Failure>(observer: observer, forward: elementForwarder(Output.self))
            publisher.subscribe(subscriber)
            return .disposable(subscriber)
        }
    }
}

/// `PublisherNodeSink`'s element forwarder: copies the element and hands its address to the Rx observer,
/// unless the sink was disposed (or the sequence ended). Made in `asObservable()`'s caller, specialised for
/// the concrete `Input` (see `elementForwarder(_:)`, whose notes on the copy apply here too); it captures
/// nothing. It is the sink's value lane (a subject's subscription calls it directly) and what `receive(_:)`
/// calls.
@inlinable
func nodeSinkForwarder<Input>(_: Input.Type) -> (Input, UnsafeRawPointer) -> Void {
    // A local function marked `@inline(never)`, not a closure: the unspecialised subject calls the lane
    // through a re-abstraction thunk (the value passed indirectly), and a body merged into that thunk has
    // its calls marked `noinline`, the disposed check's atomic load among them (a call per value).
    @inline(never)
    func forward(_ element: Input, to target: UnsafeRawPointer) {
        var copy = element
        _withUnprotectedUnsafePointer(to: &copy) { copy in
            Unmanaged<_SerialSourceNodeSink>.fromOpaque(target)._withUnsafeGuaranteedRef { sink in
                if sink._isClosed { return }
                sink._downstreamNode._withUnsafeGuaranteedRef { $0.onNextElement(at: copy) }
            }
        }
    }
    return forward
}

/// The Combine → Rx subscription for one of RxKit's own observers (every operator's sink and
/// `subscribe(onNext:…)`'s observer): the publisher's subscriber and the Rx subscription's sink in one
/// object, so a subscription makes one object where a separate subscriber holding the sink made two.
///
/// Lock-free. The per-value path (`nodeSinkForwarder(_:)`, which a subject calls as this subscriber's value
/// lane) reads only the sink's disposed flag: Combine calls one subscriber serially (the Combine team:
/// forums.swift.org/t/29491/11). The upstream subscription is handed over as `UpstreamSubscriptionSlot`
/// says, in the sink's own state word (see `SinkBase`): completion and `dispose()` close the sink (its
/// "disposed" bit, once); whichever of them comes after the subscription takes it: completion drops it,
/// `dispose()` cancels it.
///
/// `@usableFromInline`: the inlinable `asObservable()` makes it in the caller's specialised code, with its
/// metadata at hand rather than looked up at run time per subscription.
@usableFromInline
final class PublisherNodeSink<Input, Failure: Swift.Error>: _SerialSourceNodeSink, Subscriber, UpstreamSubscriptionSlot, CustomStringConvertible, @unchecked Sendable {
    // `UpstreamSubscriptionSlot`'s bits share the word with `SinkBase`'s: its closed bit is the sink's
    // "disposed" bit (1), and its own two sit above the sink's "attached" bit (2).

    /// `nodeSinkForwarder(_:)`'s closure, made in the caller's specialised code: the value lane, and what
    /// `receive(_:)` hands each value to.
    private let forward: (Input, UnsafeRawPointer) -> Void
    @exclusivity(unchecked) var upstreamSubscription = SubscriptionSlot.empty

    @usableFromInline
    init(_ request: _SerialSourceNodeRequest, forward: @escaping (Input, UnsafeRawPointer) -> Void) {
        self.forward = forward
        super.init(request)
    }

    @usableFromInline
    var description: String { "ObserverBridge" }

    @usableFromInline
    func receive(subscription: Subscription) {
        acceptSubscription(subscription)
    }

    /// Through the witness table: a publisher other than a subject (see `_valueLane`).
    @usableFromInline
    func receive(_ input: Input) -> Subscribers.Demand {
        forward(input, UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()))
        return .none
    }

    /// A subject's subscription calls the forwarder directly, not `receive(_:)` through the witness table.
    @usableFromInline
    var _valueLane: _SubscriberValueLane<Input>? {
        _SubscriberValueLane(target: self, receive: forward)
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
        // Closed first: a value the publisher sends during or after the event is dropped.
        guard let previous = closeForDisposal() else { return }
        // The upstream is done with us: drop its subscription (no cancel).
        if previous & Self.subscriptionAttachedBit != 0 { _ = takeSubscription() }
        switch completion {
        case .finished: _deliverTerminal(nil, closedFrom: previous)
        case .failure(let error): _deliverTerminal(error, closedFrom: previous)
        }
    }

    /// The Rx subscription ended: cancels the Combine one (once), then lets the link release this sink.
    @usableFromInline
    override func dispose() {
        guard let previous = closeForDisposal() else { return }
        if previous & Self.subscriptionAttachedBit != 0 { takeSubscription()?.cancel() }
        finishDisposal(previous)
    }
}

/// The bridge subscriber's element forwarder: copies the element and hands its address to RxKit. Made in
/// `asObservable()`'s caller, where it is specialised for the concrete `Input` (the copy is then a plain
/// store, not a call through value witnesses); it captures nothing, so making it allocates nothing. Generic
/// over the element type alone, so there is one specialisation per element type, whatever the
/// publisher. It is the subscriber's value lane (a subject's subscription calls it directly) and what
/// `receive(_:)` calls.
///
/// No "ended?" check: `SerialSourceObserver` drops a value once its sink is disposed, and the sink is
/// disposed before the Rx side cancels this subscriber and before it delivers the publisher's completion.
///
/// The copy's address is taken with `_withUnprotectedUnsafePointer(to:)` (the standard library's, public
/// and underscored), not `&copy`: an inout-to-pointer conversion makes the compiler guard the frame with a
/// stack protector, five instructions per value here, though the pointer only lives for the call (RxKit's
/// lanes read the element and never keep its address). Only in specialised code: in unspecialised code
/// the call is not inlined and costs more than the guard (on RxKit's map: S2 about 6 % more).
@inlinable
func elementForwarder<Input>(_: Input.Type) -> (Input, UnsafeRawPointer) -> Void {
    { element, target in
        var copy = element
        _withUnprotectedUnsafePointer(to: &copy) { copy in
            Unmanaged<ObserverSubscriberBase<Input>>.fromOpaque(target)._withUnsafeGuaranteedRef {
                $0.observer._onNext(at: copy)
            }
        }
    }
}

/// `ObserverSubscriber`'s state word and observer, in a root class generic over the element alone, so that
/// the forwarder, which reads the observer, is generic over the element alone too (one specialisation per
/// element type, where one per element and failure pair made the optimiser merge them behind a thunk: a
/// call more per value).
@usableFromInline
class ObserverSubscriberBase<Input>: @unchecked Sendable {
    /// The subclass's state word: read and written atomically through `InlineWord`, so it must stay the first
    /// stored property of this root class.
    private var stateWord = InlineWord.sentinel
    /// The Rx side: values go to its `_onNext(at:)`, the terminal event to `onCompleted()`/`onError(_:)`.
    @usableFromInline final let observer: SerialSourceObserver<Input>

    init(observer: SerialSourceObserver<Input>) {
        self.observer = observer
        InlineWord.initialize(self)
    }
}

/// A Combine subscriber that forwards into an Rx observer that is not one of RxKit's own (a user's
/// `ObserverType`; RxKit's get a `PublisherNodeSink`), asking for unlimited demand.
///
/// Lock-free, with one object per subscription besides RxKit's generic serial sink. The per-value path
/// (`elementForwarder(_:)`, which a subject calls as this subscriber's value lane) touches none of this
/// object's state: Combine calls one subscriber serially (the Combine team: forums.swift.org/t/29491/11),
/// and the Rx sink's disposed check drops anything after the end. The upstream subscription is handed over
/// as `UpstreamSubscriptionSlot` says, in this object's state word: completion and `cancel` close it
/// (`cancel` also sets `cancelledBit`, so it cancels once). The observer is immutable; it is released with
/// this subscriber, which the upstream drops on completion or cancellation and the Rx side on disposal.
///
/// `@usableFromInline`: the inlinable `asObservable()` makes it in the caller's specialised code, with its
/// metadata (and that of the publisher's subscription and of `_serialSource`'s producer) at hand rather
/// than looked up at run time per subscription (about 1,400 instructions less per build on Combine→Rx R2).
@usableFromInline
final class ObserverSubscriber<Input, Failure: Swift.Error>: ObserverSubscriberBase<Input>, Subscriber, Cancellable, Disposable, UpstreamSubscriptionSlot, CustomStringConvertible, @unchecked Sendable {
    // `UpstreamSubscriptionSlot`'s closed bit (1) is set by completion and by `cancel`; `cancel` also sets
    // its own bit (2), between the slot's.
    private static var cancelledBit: Int { 2 }

    /// `elementForwarder(_:)`'s closure, made in the caller's specialised code: the value lane, and what
    /// `receive(_:)` hands each value to.
    private let forward: (Input, UnsafeRawPointer) -> Void
    @exclusivity(unchecked) var upstreamSubscription = SubscriptionSlot.empty

    @usableFromInline
    init(observer: SerialSourceObserver<Input>, forward: @escaping (Input, UnsafeRawPointer) -> Void) {
        self.forward = forward
        super.init(observer: observer)
    }

    @usableFromInline
    var description: String { "ObserverBridge" }

    @usableFromInline
    func receive(subscription: Subscription) {
        acceptSubscription(subscription)
    }

    /// Through the witness table: a publisher other than a subject (see `_valueLane`). The "ended?" check is
    /// the observer's (see `elementForwarder(_:)`).
    @usableFromInline
    func receive(_ input: Input) -> Subscribers.Demand {
        forward(input, UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()))
        return .none
    }

    /// A subject's subscription calls the forwarder directly, not `receive(_:)` through the witness table.
    @usableFromInline
    var _valueLane: _SubscriberValueLane<Input>? {
        _SubscriberValueLane(target: self, receive: forward)
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
        let previous = InlineWord.fetchOr(self, Self.closedBit)
        guard previous & Self.closedBit == 0 else { return }
        // The upstream is done with us: drop its subscription (no cancel).
        if previous & Self.subscriptionAttachedBit != 0 { _ = takeSubscription() }
        switch completion {
        case .finished: observer.onCompleted()
        case .failure(let error): observer.onError(error)
        }
    }

    /// The Rx subscription ended: cancels the Combine one.
    @usableFromInline
    func dispose() {
        cancel()
    }

    @usableFromInline
    func cancel() {
        let previous = InlineWord.fetchOr(self, Self.closedBit | Self.cancelledBit)
        guard previous & Self.cancelledBit == 0, previous & Self.subscriptionAttachedBit != 0 else { return }
        takeSubscription()?.cancel()
    }
}

/// The upstream subscription handover of the bridge's two Combine → Rx subscribers, lock-free, in three bits
/// of the subscriber's own inline state word (`InlineWord`): `acceptSubscription(_:)` stores the
/// subscription and then sets `subscriptionAttachedBit`; the subscriber sets `closedBit` when it ends
/// (completion, cancel, disposal). Whichever of the two comes second takes the subscription, once
/// (`subscriptionTakenBit`): a subscription that arrives after the end is cancelled on arrival, as
/// Combine's own subscribers do; the end, after it, drops it (completion) or cancels it.
protocol UpstreamSubscriptionSlot: AnyObject {
    /// Written once by `acceptSubscription(_:)` before it sets `subscriptionAttachedBit`; taken by whoever
    /// sets `subscriptionTakenBit` after seeing that bit. Only `acceptSubscription(_:)` and
    /// `takeSubscription()` touch it.
    var upstreamSubscription: SubscriptionSlot { get set }
}

extension UpstreamSubscriptionSlot {
    /// Set when the subscriber ends.
    static var closedBit: Int { 1 }
    static var subscriptionAttachedBit: Int { 4 }
    static var subscriptionTakenBit: Int { 8 }

    /// `receive(subscription:)`: keeps the first subscription and requests `.unlimited` (Rx has no
    /// back-pressure), unless the subscriber already ended. Inlined into each subscriber (generic over its
    /// element, so otherwise called unspecialised, its stored subscription reached through the witness table).
    @inline(__always)
    func acceptSubscription(_ subscription: Subscription) {
        if InlineWord.load(self) & Self.subscriptionAttachedBit != 0 {
            // Combine's contract: one subscription per subscriber. Refuse the extra one, as Combine's own
            // subscribers do.
            subscription.cancel()
            return
        }
        upstreamSubscription = .holding(subscription)
        let previous = InlineWord.fetchOr(self, Self.subscriptionAttachedBit)
        if previous & Self.closedBit != 0 {
            // Ended (disposed, cancelled, or — from a misbehaving upstream — completed) before the
            // subscription arrived: nobody else will release it, and nothing more is wanted.
            takeSubscription()?.cancel()
            return
        }
        subscription.request(.unlimited)
    }

    /// Sets `subscriptionTakenBit`; the one caller that set it gets the stored subscription (and the
    /// subscriber lets go of it), every other caller `nil`. Call only after seeing `subscriptionAttachedBit`.
    @inline(__always)
    func takeSubscription() -> Subscription? {
        guard InlineWord.fetchOr(self, Self.subscriptionTakenBit) & Self.subscriptionTakenBit == 0 else { return nil }
        return upstreamSubscription.take()
    }
}
