import CombineKit
import RxKit

extension ObservableType {
    /// Binds this sequence into a CombineKit subject with `Error` failure (events forwarded as they are).
    ///
    /// ```swift
    /// rxSearch.results().bind(to: resultsSubject).disposed(by: disposeBag)
    /// ```
    public func bind<S: CombineKit.Subject>(to subject: S) -> Disposable where S.Output == Element, S.Failure == Swift.Error {
        subscribe(subject.asAnyObserver())
    }

    /// Binds this sequence into a CombineKit subject that cannot fail; an error is reported to
    /// `Hooks.defaultErrorHandler`, never a crash.
    ///
    /// ```swift
    /// tapRelay.asObservable().bind(to: tapsSubject).disposed(by: disposeBag)
    /// ```
    public func bind<S: CombineKit.Subject>(to subject: S) -> Disposable where S.Output == Element, S.Failure == Never {
        subscribe(subject.asAnyObserver())
    }
}
