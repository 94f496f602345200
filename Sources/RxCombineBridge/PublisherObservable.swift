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
    public func asObservable() -> Observable<Output> {
        let publisher = self
        // `serialSource`, not `create`: a publisher calls one subscriber serially (Combine's contract), so
        // the events need no second serialisation (two lock round trips per value in `create`).
        return Observable.serialSource { observer in
            let subscriber = ObserverSubscriber<Output, Failure>(observer: observer)
            publisher.subscribe(subscriber)
            return subscriber
        }
    }
}

/// A Combine subscriber that forwards into an Rx observer, asking for unlimited demand.
///
/// The per-value path takes no lock: Combine calls one subscriber serially (the Combine team:
/// forums.swift.org/t/29491/11), so values only need the "ended?" flag, a lock-free `OnceFlag` that the
/// terminal event and `cancel` set. The observer is immutable; it is released with this subscriber, which
/// the upstream drops on completion or cancellation and the Rx side on disposal.
final class ObserverSubscriber<Input, Failure: Swift.Error>: Subscriber, Cancellable, Disposable, CustomStringConvertible, @unchecked Sendable {
    private let observer: SerialSourceObserver<Input>
    /// Set by the first of: completion, cancellation. Nothing reaches the observer after it.
    private let ended = OnceFlag()
    private let lock = Lock()
    // Guarded by `lock` (the subscription and cancellation paths only).
    @exclusivity(unchecked) private var subscription: Subscription?
    @exclusivity(unchecked) private var cancelled = false

    init(observer: SerialSourceObserver<Input>) {
        self.observer = observer
    }

    var description: String { "ObserverBridge" }

    func receive(subscription: Subscription) {
        lock.lock()
        if cancelled || self.subscription != nil {
            lock.unlock()
            subscription.cancel()
            return
        }
        self.subscription = subscription
        lock.unlock()
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        if !ended.isSet { observer.onNext(input) }
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        guard ended.set() else { return }
        lock.withLock { subscription = nil }
        switch completion {
        case .finished: observer.onCompleted()
        case .failure(let error): observer.onError(error)
        }
    }

    /// The Rx subscription ended: cancels the Combine one.
    func dispose() {
        cancel()
    }

    func cancel() {
        ended.set()
        lock.lock()
        if cancelled {
            lock.unlock()
            return
        }
        cancelled = true
        let subscription = self.subscription
        self.subscription = nil
        lock.unlock()
        subscription?.cancel()
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
