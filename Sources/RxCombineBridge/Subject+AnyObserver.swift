import CombineKit
import RxKit

extension CombineKit.Subject where Failure == Swift.Error {
    /// This subject as an RxKit observer: `onNext` sends, `onCompleted` finishes, `onError` fails.
    ///
    /// ```swift
    /// rxService.load().subscribe(resultsSubject.asAnyObserver())
    /// ```
    public func asAnyObserver() -> AnyObserver<Output> {
        AnyObserver { [self] event in
            switch event {
            case .next(let value): send(value)
            case .error(let error): send(completion: .failure(error))
            case .completed: send(completion: .finished)
            }
        }
    }
}

extension CombineKit.Subject where Failure == Never {
    /// This subject as an RxKit observer. It cannot fail: an Rx error is reported to
    /// `Hooks.defaultErrorHandler` as a `BindingError` (never a crash) and the subject is left open.
    ///
    /// ```swift
    /// taps.subscribe(tapSubject.asAnyObserver())   // tapSubject: PassthroughSubject<Void, Never>
    /// ```
    public func asAnyObserver() -> AnyObserver<Output> {
        AnyObserver { [self] event in
            switch event {
            case .next(let value): send(value)
            case .error(let error): Hooks.reportUnhandled(BindingError(target: "a CombineKit subject that cannot fail", underlying: error))
            case .completed: send(completion: .finished)
            }
        }
    }
}

extension CombineKit.Subject {
    /// This subject as an RxKit observer, typing Rx errors with `mapError`.
    ///
    /// ```swift
    /// observable.subscribe(uiSubject.asAnyObserver { _ in UIError.failed })
    /// ```
    public func asAnyObserver(mapError: @escaping (Swift.Error) -> Failure) -> AnyObserver<Output> {
        AnyObserver { [self] event in
            switch event {
            case .next(let value): send(value)
            case .error(let error): send(completion: .failure(mapError(error)))
            case .completed: send(completion: .finished)
            }
        }
    }
}
