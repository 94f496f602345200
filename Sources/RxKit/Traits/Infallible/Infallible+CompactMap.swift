extension InfallibleType {
    /// The non-`nil` transformed elements. Same as RxSwift's `Infallible.compactMap`.
    public func compactMap<Result>(_ transform: @escaping (Element) -> Result?) -> Infallible<Result> {
        Infallible(asObservable().compactMap(transform))
    }
}
