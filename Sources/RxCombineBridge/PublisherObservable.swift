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
        return Observable.create { observer in
            let subscriber = ObserverSubscriber<Output, Failure>(observer: observer)
            publisher.subscribe(subscriber)
            return Disposables.create { subscriber.cancel() }
        }
    }
}

/// A Combine subscriber that forwards into an Rx observer, asking for unlimited demand.
final class ObserverSubscriber<Input, Failure: Swift.Error>: Subscriber, Cancellable, CustomStringConvertible, @unchecked Sendable {
    private let lock = Lock()
    // Guarded by `lock` (so the dynamic exclusivity checks are off). The observer is not optional: a
    // `AnyObserver<Input>?` costs a runtime metadata look-up per value in unspecialised code; once the
    // subscription ends, it is replaced by an observer that ignores everything (releasing the real one).
    @exclusivity(unchecked) private var observer: AnyObserver<Input>
    @exclusivity(unchecked) private var isDone = false
    @exclusivity(unchecked) private var subscription: Subscription?
    @exclusivity(unchecked) private var cancelled = false

    init(observer: AnyObserver<Input>) {
        self.observer = observer
    }

    var description: String { "ObserverBridge" }

    /// Ends delivery and hands back the real observer (call with `lock` held).
    private func detachObserverLocked() -> AnyObserver<Input>? {
        if isDone { return nil }
        isDone = true
        let detached = observer
        observer = AnyObserver { _ in }
        return detached
    }

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
        lock.lock()
        if isDone {
            lock.unlock()
            return .none
        }
        let observer = self.observer
        lock.unlock()
        observer.onNext(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        let observer = detachObserverLocked()
        subscription = nil
        lock.unlock()
        guard let observer else { return }
        switch completion {
        case .finished: observer.onCompleted()
        case .failure(let error): observer.onError(error)
        }
    }

    func cancel() {
        lock.lock()
        if cancelled {
            lock.unlock()
            return
        }
        cancelled = true
        let observer = detachObserverLocked()
        let subscription = self.subscription
        self.subscription = nil
        lock.unlock()
        withExtendedLifetime(observer) {}  // released here, outside the lock
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
