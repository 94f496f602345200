import ReactiveBridgePrimitives
import CombineKit
import RxKit

extension ObservableConvertibleType {
    /// This sequence as a Combine-style publisher. Same idea as RxCombine's `asPublisher()`, without its
    /// data loss:
    /// - subscribes to the Rx source lazily, on the subscriber's first demand;
    /// - delivers at most what was demanded, holding the excess per `bufferPolicy`; a source that emits
    ///   during `subscribe` delivers inside the subscriber's first `request`, as `Publishers.Sequence` does;
    /// - the terminal event waits behind held elements, so nothing is dropped at completion or error;
    /// - cancelling disposes the Rx subscription, exactly once.
    ///
    /// ```swift
    /// let rates: AnyPublisher<Rates, Error> = service.rates().asPublisher()
    /// ```
    ///
    /// Returns the concrete `ObservablePublisher`, as Combine's operators return theirs: operators chained on
    /// it subscribe to it directly, in the caller's specialised code. Where an `AnyPublisher` is expected
    /// (`let p: AnyPublisher<Rates, Error> = …`, a function's return), the erased overload below is chosen,
    /// so code written against RxCombine's `AnyPublisher`-returning `asPublisher()` compiles unchanged.
    // Inlinable (as those below): the publisher, and for the erased overloads the erasure's closure for `sink`
    // (see CombineKit's `AnyPublisher`), are then made in the caller's specialised code.
    @inlinable
    public func asPublisher(bufferPolicy: BridgeBufferPolicy = .unbounded) -> ObservablePublisher<Element, Swift.Error> {
        ObservablePublisher(source: asObservable(), bufferPolicy: bufferPolicy, mapError: { $0 })
    }

    /// `asPublisher(bufferPolicy:)`, erased: chosen where an `AnyPublisher` is expected. Operators chained
    /// on an erased publisher subscribe through the erasure, which costs more per subscription than on
    /// the concrete one.
    @_disfavoredOverload
    @inlinable
    public func asPublisher(bufferPolicy: BridgeBufferPolicy = .unbounded) -> AnyPublisher<Element, Swift.Error> {
        ObservablePublisher(source: asObservable(), bufferPolicy: bufferPolicy, mapError: { $0 }).eraseToAnyPublisher()
    }

    /// This sequence as a publisher with a typed failure: `mapError` turns each Rx error (untyped) into
    /// `Failure`. The bridge never traps on an error it cannot type.
    ///
    /// ```swift
    /// let rates = service.rates().asPublisher(failureType: ServiceError.self) { ServiceError($0) }
    /// ```
    @inlinable
    public func asPublisher<Failure: Swift.Error>(
        failureType: Failure.Type,
        bufferPolicy: BridgeBufferPolicy = .unbounded,
        mapError: @escaping (Swift.Error) -> Failure
    ) -> ObservablePublisher<Element, Failure> {
        ObservablePublisher(source: asObservable(), bufferPolicy: bufferPolicy, mapError: mapError)
    }

    /// `asPublisher(failureType:bufferPolicy:mapError:)`, erased: chosen where an `AnyPublisher` is expected.
    @_disfavoredOverload
    @inlinable
    public func asPublisher<Failure: Swift.Error>(
        failureType: Failure.Type,
        bufferPolicy: BridgeBufferPolicy = .unbounded,
        mapError: @escaping (Swift.Error) -> Failure
    ) -> AnyPublisher<Element, Failure> {
        ObservablePublisher(source: asObservable(), bufferPolicy: bufferPolicy, mapError: mapError).eraseToAnyPublisher()
    }

    /// `asPublisher()`: this sequence as `AnyPublisher<Element, Error>`.
    ///
    /// ```swift
    /// service.rates().publisher.sink(receiveCompletion: { _ in }, receiveValue: render)
    /// ```
    @inlinable
    public var publisher: AnyPublisher<Element, Swift.Error> {
        ObservablePublisher(source: asObservable(), bufferPolicy: .unbounded, mapError: { $0 }).eraseToAnyPublisher()
    }
}

/// The publisher behind `asPublisher()`: one `ObservableSubscription` per subscriber.
///
/// ```swift
/// let publisher: AnyPublisher<Int, Error> = Observable.of(1, 2, 3).asPublisher()
/// ```
public struct ObservablePublisher<Output, Failure: Swift.Error>: Publisher {
    @usableFromInline let source: Observable<Output>
    @usableFromInline let bufferPolicy: BridgeBufferPolicy
    @usableFromInline let mapError: (Swift.Error) -> Failure

    @usableFromInline
    init(source: Observable<Output>, bufferPolicy: BridgeBufferPolicy, mapError: @escaping (Swift.Error) -> Failure) {
        self.source = source
        self.bufferPolicy = bufferPolicy
        self.mapError = mapError
    }

    // Inlinable: the subscription is then made in the caller's specialised code (`asPublisher()` is
    // inlinable, and so is the erasure's closure), with its metadata at hand instead of looked up at run
    // time on every subscription.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let subscription = ObservableSubscription<Output, S>(source: source, bufferPolicy: bufferPolicy, mapError: mapError, downstream: subscriber)
        subscriber.receive(subscription: subscription)
        subscription.subscriptionDelivered()
    }
}

extension ObservablePublisher: @unchecked Sendable {}
