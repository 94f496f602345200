extension ObservableConvertibleType {
    /// The sequence as a `Driver` that emits `onErrorJustReturn` and completes in place of an error.
    /// Same as RxCocoa's `asDriver(onErrorJustReturn:)`.
    @inlinable  // specialised in the caller: no `Observable<Element>` metadata or conformance look-up per call
    public func asDriver(onErrorJustReturn: Element) -> Driver<Element> {
        asSharedSequence(sharingStrategy: DriverSharingStrategy.self, onErrorJustReturn: onErrorJustReturn)
    }

    /// The sequence as a `Driver` that continues with `onErrorDriveWith` in place of an error.
    /// Same as RxCocoa's `asDriver(onErrorDriveWith:)`.
    public func asDriver(onErrorDriveWith: Driver<Element>) -> Driver<Element> {
        Driver(asObservable().observe(on: DriverSharingStrategy.scheduler).catch { _ in onErrorDriveWith.asObservable() })
    }

    /// The sequence as a `Driver` that continues with what `onErrorRecover` returns for the error.
    /// Same as RxCocoa's `asDriver(onErrorRecover:)`.
    public func asDriver(onErrorRecover: @escaping (Swift.Error) -> Driver<Element>) -> Driver<Element> {
        Driver(asObservable().observe(on: DriverSharingStrategy.scheduler).catch { onErrorRecover($0).asObservable() })
    }
}
