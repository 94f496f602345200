extension InfallibleType {
    /// Each element transformed. Same as RxSwift's `Infallible.map`.
    public func map<Result>(_ transform: @escaping (Element) -> Result) -> Infallible<Result> {
        Infallible(asObservable().map(transform))
    }
}
