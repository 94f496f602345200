import CombineKit
import RxKit

extension Disposable {
    /// This disposable as an `AnyCancellable`: cancelling (or releasing) it disposes this, once.
    ///
    /// ```swift
    /// observable.subscribe(onNext: render).asCancellable().store(in: &cancellables)
    /// ```
    public func asCancellable() -> AnyCancellable {
        AnyCancellable { self.dispose() }
    }

    /// Stores this disposable in a set of cancellables (it is disposed when cancelled or released).
    ///
    /// ```swift
    /// observable.subscribe(onNext: render).store(in: &cancellables)
    /// ```
    public func store(in set: inout Set<AnyCancellable>) {
        asCancellable().store(in: &set)
    }
}

extension Cancellable {
    /// This cancellable as a `Disposable`: disposing it cancels this, once.
    ///
    /// ```swift
    /// publisher.sink { render($0) }.asDisposable().disposed(by: disposeBag)
    /// ```
    public func asDisposable() -> Disposable {
        Disposables.create { self.cancel() }
    }

    /// Adds this cancellable to an RxKit `DisposeBag`, which cancels it when the bag is released.
    ///
    /// ```swift
    /// publisher.sink { render($0) }.disposed(by: disposeBag)
    /// ```
    public func disposed(by bag: DisposeBag) {
        bag.insert(asDisposable())
    }
}
