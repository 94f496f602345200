extension ObservableConvertibleType {
    /// The sequence as an `Infallible` that emits `element` and completes in place of an error.
    /// Same as RxSwift's `asInfallible(onErrorJustReturn:)`.
    public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
        Infallible(asObservable().catchAndReturn(element))
    }

    /// The sequence as an `Infallible` that continues with `infallible` in place of an error.
    /// Same as RxSwift's `asInfallible(onErrorFallbackTo:)`.
    public func asInfallible(onErrorFallbackTo infallible: Infallible<Element>) -> Infallible<Element> {
        Infallible(asObservable().catch { _ in infallible.asObservable() })
    }

    /// The sequence as an `Infallible` that continues with what `onErrorRecover` returns for the error.
    /// Same as RxSwift's `asInfallible(onErrorRecover:)`.
    public func asInfallible(onErrorRecover: @escaping (Swift.Error) -> Infallible<Element>) -> Infallible<Element> {
        Infallible(asObservable().catch { onErrorRecover($0).asObservable() })
    }
}
