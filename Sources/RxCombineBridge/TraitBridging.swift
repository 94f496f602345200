import CombineKit
import RxKit

// MARK: - Rx traits that cannot fail → publishers that cannot fail

extension InfallibleType {
    /// This `Infallible` as a publisher that cannot fail (lossless and demand-correct, like `asPublisher()`).
    ///
    /// ```swift
    /// let ticks: AnyPublisher<Int, Never> = Infallible.interval(.seconds(1), scheduler: s).asPublisher()
    /// ```
    @inlinable
    public func asPublisher(bufferPolicy: BridgeBufferPolicy = .unbounded) -> ObservablePublisher<Element, Never> {
        neverFailingPublisher(asObservable(), bufferPolicy: bufferPolicy, kind: "Infallible") {
            preconditionFailure("Infallible cannot fail, but its observable sent \($0).")
        }
    }

    /// `asPublisher(bufferPolicy:)`, erased: chosen where an `AnyPublisher` is expected.
    @_disfavoredOverload
    @inlinable
    public func asPublisher(bufferPolicy: BridgeBufferPolicy = .unbounded) -> AnyPublisher<Element, Never> {
        neverFailingPublisher(asObservable(), bufferPolicy: bufferPolicy, kind: "Infallible") {
            preconditionFailure("Infallible cannot fail, but its observable sent \($0).")
        }.eraseToAnyPublisher()
    }
}

extension SharedSequenceConvertibleType {
    /// This `Driver` or `Signal` as a publisher that cannot fail. Elements arrive where the trait delivers
    /// them (the main scheduler); a `Driver` replays its latest element to each new subscriber.
    ///
    /// ```swift
    /// viewModel.title.asPublisher().assign(to: &$title)   // title: Driver<String>
    /// ```
    @inlinable
    public func asPublisher(bufferPolicy: BridgeBufferPolicy = .unbounded) -> ObservablePublisher<Element, Never> {
        neverFailingPublisher(asObservable(), bufferPolicy: bufferPolicy, kind: "Driver/Signal") {
            preconditionFailure("Driver/Signal cannot fail, but its observable sent \($0).")
        }
    }

    /// `asPublisher(bufferPolicy:)`, erased: chosen where an `AnyPublisher` is expected.
    @_disfavoredOverload
    @inlinable
    public func asPublisher(bufferPolicy: BridgeBufferPolicy = .unbounded) -> AnyPublisher<Element, Never> {
        neverFailingPublisher(asObservable(), bufferPolicy: bufferPolicy, kind: "Driver/Signal") {
            preconditionFailure("Driver/Signal cannot fail, but its observable sent \($0).")
        }.eraseToAnyPublisher()
    }
}

extension PublishRelay {
    /// This relay as a publisher that cannot fail (it never completes either).
    ///
    /// ```swift
    /// taps.asPublisher().sink { openDetail() }.store(in: &cancellables)   // taps: PublishRelay<Void>
    /// ```
    @inlinable
    public func asPublisher(bufferPolicy: BridgeBufferPolicy = .unbounded) -> ObservablePublisher<Element, Never> {
        neverFailingPublisher(asObservable(), bufferPolicy: bufferPolicy, kind: "PublishRelay") {
            preconditionFailure("PublishRelay cannot fail, but its observable sent \($0).")
        }
    }

    /// `asPublisher(bufferPolicy:)`, erased: chosen where an `AnyPublisher` is expected.
    @_disfavoredOverload
    @inlinable
    public func asPublisher(bufferPolicy: BridgeBufferPolicy = .unbounded) -> AnyPublisher<Element, Never> {
        neverFailingPublisher(asObservable(), bufferPolicy: bufferPolicy, kind: "PublishRelay") {
            preconditionFailure("PublishRelay cannot fail, but its observable sent \($0).")
        }.eraseToAnyPublisher()
    }
}

extension BehaviorRelay {
    /// This relay as a publisher that cannot fail; a subscriber first gets the current value.
    ///
    /// ```swift
    /// username.asPublisher().assign(to: &$title)   // username: BehaviorRelay<String>
    /// ```
    @inlinable
    public func asPublisher(bufferPolicy: BridgeBufferPolicy = .unbounded) -> ObservablePublisher<Element, Never> {
        neverFailingPublisher(asObservable(), bufferPolicy: bufferPolicy, kind: "BehaviorRelay") {
            preconditionFailure("BehaviorRelay cannot fail, but its observable sent \($0).")
        }
    }

    /// `asPublisher(bufferPolicy:)`, erased: chosen where an `AnyPublisher` is expected.
    @_disfavoredOverload
    @inlinable
    public func asPublisher(bufferPolicy: BridgeBufferPolicy = .unbounded) -> AnyPublisher<Element, Never> {
        neverFailingPublisher(asObservable(), bufferPolicy: bufferPolicy, kind: "BehaviorRelay") {
            preconditionFailure("BehaviorRelay cannot fail, but its observable sent \($0).")
        }.eraseToAnyPublisher()
    }
}

extension ReplayRelay {
    /// This relay as a publisher that cannot fail; a subscriber first gets the replayed values.
    ///
    /// ```swift
    /// recentSearches.asPublisher().collect(5).sink { show($0) }.store(in: &cancellables)
    /// ```
    @inlinable
    public func asPublisher(bufferPolicy: BridgeBufferPolicy = .unbounded) -> ObservablePublisher<Element, Never> {
        neverFailingPublisher(asObservable(), bufferPolicy: bufferPolicy, kind: "ReplayRelay") {
            preconditionFailure("ReplayRelay cannot fail, but its observable sent \($0).")
        }
    }

    /// `asPublisher(bufferPolicy:)`, erased: chosen where an `AnyPublisher` is expected.
    @_disfavoredOverload
    @inlinable
    public func asPublisher(bufferPolicy: BridgeBufferPolicy = .unbounded) -> AnyPublisher<Element, Never> {
        neverFailingPublisher(asObservable(), bufferPolicy: bufferPolicy, kind: "ReplayRelay") {
            preconditionFailure("ReplayRelay cannot fail, but its observable sent \($0).")
        }.eraseToAnyPublisher()
    }
}

/// The bridge for sources whose type guarantees no error: `Never` failure with nothing to map.
///
/// Inlinable, as the `asPublisher` methods above: the erasure's closure for `sink` (see CombineKit's
/// `AnyPublisher`) is then made in the caller's specialised code, without a closure context per call.
@inlinable
internal func neverFailingPublisher<Element>(
    _ source: Observable<Element>,
    bufferPolicy: BridgeBufferPolicy,
    kind: StaticString,
    // A closure literal of each caller's, capturing nothing (one capturing `kind` cost a context allocation
    // per `asPublisher()`).
    mapError: @escaping (Swift.Error) -> Never
) -> ObservablePublisher<Element, Never> {
    if case .bounded(_, whenFull: .fail) = bufferPolicy {
        preconditionFailure("asPublisher(bufferPolicy:) on \(kind): a publisher that cannot fail cannot report a buffer overflow; use .unbounded, .dropOldest or .dropNewest.")
    }
    return ObservablePublisher(source: source, bufferPolicy: bufferPolicy, mapError: mapError)
}

// MARK: - Publishers → Rx traits

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
