extension InfallibleType {
    /// Each element combined with the latest element of `second`. Same as RxSwift's `withLatestFrom`.
    public func withLatestFrom<Source: InfallibleType, Result>(_ second: Source, resultSelector: @escaping (Element, Source.Element) -> Result) -> Infallible<Result> {
        Infallible(asObservable().withLatestFrom(second, resultSelector: resultSelector))
    }

    /// The latest element of `second` at each element. Same as RxSwift's `withLatestFrom`.
    public func withLatestFrom<Source: InfallibleType>(_ second: Source) -> Infallible<Source.Element> {
        Infallible(asObservable().withLatestFrom(second))
    }
}
