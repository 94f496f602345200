import CombineKit
@_spi(ReactiveBridgeInternals) import RxKit

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
        let publisher = self
        // `_serialSource`, not `create`: a publisher calls one subscriber serially (Combine's contract), so
        // the events need no second serialisation (two lock round trips per value in `create`).
        return _serialSource { (observer: SerialSourceObserver<Output>) in
            let subscriber = ObserverSubscriber<Output, Failure>(observer: observer, forward: elementForwarder(Output.self))
            publisher.subscribe(subscriber)
            return subscriber
        }
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
/// the call is not inlined and costs more than the guard (tried on RxKit's map: S2 469 → 497).
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

/// A Combine subscriber that forwards into an Rx observer, asking for unlimited demand.
///
/// Lock-free, with one object per subscription. The per-value path (`elementForwarder(_:)`, which a
/// subject calls as this subscriber's value lane) touches none of this object's state: Combine calls one
/// subscriber serially (the Combine team: forums.swift.org/t/29491/11), and the Rx sink's disposed check
/// drops anything after the end. The upstream subscription is handed over
/// through the same word: `receive(subscription:)` stores it and sets `attachedBit`; completion and
/// `cancel` set `endedBit` (and `cancel` `cancelledBit`); whichever of them comes after the subscription
/// releases it, once (`takenBit`); a `cancel` that comes before it leaves the cancelling to
/// `receive(subscription:)`. The observer is immutable; it is released with this subscriber, which the
/// upstream drops on completion or cancellation and the Rx side on disposal.
///
/// `@usableFromInline`: the inlinable `asObservable()` makes it in the caller's specialised code, with its
/// metadata (and that of the publisher's subscription and of `_serialSource`'s producer) at hand rather
/// than looked up at run time per subscription (R2 Combine→Rx 9,426 → 7,993 instructions per build).
@usableFromInline
final class ObserverSubscriber<Input, Failure: Swift.Error>: ObserverSubscriberBase<Input>, Subscriber, Cancellable, Disposable, CustomStringConvertible, @unchecked Sendable {
    private static var endedBit: Int { 1 }
    private static var cancelledBit: Int { 2 }
    private static var attachedBit: Int { 4 }
    private static var takenBit: Int { 8 }

    /// `elementForwarder(_:)`'s closure, made in the caller's specialised code: the value lane, and what
    /// `receive(_:)` hands each value to.
    private let forward: (Input, UnsafeRawPointer) -> Void
    /// Written once by `receive(subscription:)` before it sets `attachedBit`; taken by whoever sets
    /// `takenBit` after seeing `attachedBit`.
    @exclusivity(unchecked) private var subscription: Subscription?

    @usableFromInline
    init(observer: SerialSourceObserver<Input>, forward: @escaping (Input, UnsafeRawPointer) -> Void) {
        self.forward = forward
        super.init(observer: observer)
    }

    @usableFromInline
    var description: String { "ObserverBridge" }

    @usableFromInline
    func receive(subscription: Subscription) {
        if InlineWord.load(self) & Self.attachedBit != 0 {
            // Combine's contract: one subscription per subscriber. Refuse the extra one, as Combine's own
            // subscribers do.
            subscription.cancel()
            return
        }
        self.subscription = subscription
        let previous = InlineWord.fetchOr(self, Self.attachedBit)
        if previous & Self.endedBit != 0 {
            // Cancelled (or, from a misbehaving upstream, completed) before the subscription arrived: nobody
            // else will release it, and nothing more is wanted — cancelled, as Combine's own subscribers do
            // with a subscription that arrives after they finished.
            takeSubscription()?.cancel()
            return
        }
        subscription.request(.unlimited)
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
        let previous = InlineWord.fetchOr(self, Self.endedBit)
        guard previous & Self.endedBit == 0 else { return }
        // The upstream is done with us: drop its subscription (no cancel).
        if previous & Self.attachedBit != 0 { _ = takeSubscription() }
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
        let previous = InlineWord.fetchOr(self, Self.endedBit | Self.cancelledBit)
        guard previous & Self.cancelledBit == 0, previous & Self.attachedBit != 0 else { return }
        takeSubscription()?.cancel()
    }

    /// Sets `takenBit`; the one caller that set it gets the stored subscription (and this subscriber lets go
    /// of it), every other caller `nil`. Call only after seeing `attachedBit`.
    private func takeSubscription() -> Subscription? {
        guard InlineWord.fetchOr(self, Self.takenBit) & Self.takenBit == 0 else { return nil }
        return subscription.take()
    }
}

extension Publisher {
    /// The publisher's single value as a `Single` (RxKit's `noElements` / `moreThanOneElement` errors otherwise).
    ///
    /// ```swift
    /// future.asSingle().subscribe(onSuccess: show, onFailure: showError)
    /// ```
    public func asSingle() -> Single<Output> { asObservable().asSingle() }

    /// The publisher's zero or one value as a `Maybe` (`moreThanOneElement` if it sends two).
    ///
    /// ```swift
    /// cache.lookupPublisher(key).asMaybe().subscribe(onSuccess: show, onCompleted: fetch)
    /// ```
    public func asMaybe() -> Maybe<Output> { asObservable().asMaybe() }

    /// The publisher's completion or failure as a `Completable`; values are ignored.
    ///
    /// ```swift
    /// upload.asCompletable().subscribe(onCompleted: done, onError: showError)
    /// ```
    public func asCompletable() -> Completable { asObservable().asCompletable() }
}
