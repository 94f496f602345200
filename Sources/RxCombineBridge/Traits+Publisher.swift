import CombineKit
import RxKit

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
