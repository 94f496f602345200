import CombineKit
import RxKit

extension Publisher where Failure == Never {
    /// This publisher as an `Infallible` (it cannot fail).
    ///
    /// ```swift
    /// $query.asInfallible().subscribe(onNext: search)
    /// ```
    public func asInfallible() -> Infallible<Output> {
        asObservable().asInfallible(onErrorRecover: { error in
            preconditionFailure("A publisher with Never failure sent an error: \(error)")
        })
    }

    /// This publisher as a `Driver`: delivered on the main scheduler, sharing with replay 1.
    ///
    /// ```swift
    /// $title.asDriver().drive(titleLabel.rx.text)
    /// ```
    public func asDriver() -> Driver<Output> { asInfallible().asDriver() }

    /// This publisher as a `Signal`: delivered on the main scheduler, shared without replay.
    ///
    /// ```swift
    /// tapSubject.asSignal().emit(onNext: showToast)
    /// ```
    public func asSignal() -> Signal<Output> { asInfallible().asSignal() }
}

extension Publisher {
    /// This publisher as an `Infallible`, replacing a failure with `element` (then completing).
    ///
    /// ```swift
    /// ratesPublisher.asInfallible(onErrorJustReturn: [])
    /// ```
    public func asInfallible(onErrorJustReturn element: Output) -> Infallible<Output> {
        asObservable().asInfallible(onErrorJustReturn: element)
    }

    /// This publisher as an `Infallible`, switching to `infallible` on failure.
    ///
    /// ```swift
    /// livePublisher.asInfallible(onErrorFallbackTo: .just(cached))
    /// ```
    public func asInfallible(onErrorFallbackTo infallible: Infallible<Output>) -> Infallible<Output> {
        asObservable().asInfallible(onErrorFallbackTo: infallible)
    }

    /// This publisher as an `Infallible`, recovering from a failure with the returned sequence.
    ///
    /// ```swift
    /// livePublisher.asInfallible(onErrorRecover: { _ in .just(cached) })
    /// ```
    public func asInfallible(onErrorRecover: @escaping (Swift.Error) -> Infallible<Output>) -> Infallible<Output> {
        asObservable().asInfallible(onErrorRecover: onErrorRecover)
    }

    /// This publisher as a `Driver`, replacing a failure with `element`.
    ///
    /// ```swift
    /// ratesPublisher.asDriver(onErrorJustReturn: []).drive(onNext: render)
    /// ```
    public func asDriver(onErrorJustReturn element: Output) -> Driver<Output> {
        asObservable().asDriver(onErrorJustReturn: element)
    }

    /// This publisher as a `Driver`, switching to `driver` on failure.
    ///
    /// ```swift
    /// ratesPublisher.asDriver(onErrorDriveWith: .just(cachedRates))
    /// ```
    public func asDriver(onErrorDriveWith driver: Driver<Output>) -> Driver<Output> {
        asObservable().asDriver(onErrorDriveWith: driver)
    }

    /// This publisher as a `Driver`, recovering from a failure with the returned `Driver`.
    ///
    /// ```swift
    /// ratesPublisher.asDriver(onErrorRecover: { _ in .just([]) })
    /// ```
    public func asDriver(onErrorRecover: @escaping (Swift.Error) -> Driver<Output>) -> Driver<Output> {
        asObservable().asDriver(onErrorRecover: onErrorRecover)
    }

    /// This publisher as a `Signal`, replacing a failure with `element`.
    ///
    /// ```swift
    /// savePublisher.asSignal(onErrorJustReturn: .failed).emit(onNext: showResult)
    /// ```
    public func asSignal(onErrorJustReturn element: Output) -> Signal<Output> {
        asObservable().asSignal(onErrorJustReturn: element)
    }

    /// This publisher as a `Signal`, switching to `signal` on failure.
    ///
    /// ```swift
    /// savePublisher.asSignal(onErrorSignalWith: .just(.failed))
    /// ```
    public func asSignal(onErrorSignalWith signal: Signal<Output>) -> Signal<Output> {
        asObservable().asSignal(onErrorSignalWith: signal)
    }

    /// This publisher as a `Signal`, recovering from a failure with the returned `Signal`.
    ///
    /// ```swift
    /// savePublisher.asSignal(onErrorRecover: { _ in .just(.failed) })
    /// ```
    public func asSignal(onErrorRecover: @escaping (Swift.Error) -> Signal<Output>) -> Signal<Output> {
        asObservable().asSignal(onErrorRecover: onErrorRecover)
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
    public func asCompletable() -> Completable { asObservable().ignoreElements().asCompletable() }
}
