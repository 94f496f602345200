extension InfallibleType {
    /// The elements of each inner sequence, one after another. Same as RxSwift's `Infallible.concatMap`.
    public func concatMap<Source: InfallibleType>(_ selector: @escaping (Element) -> Source) -> Infallible<Source.Element> {
        Infallible(asObservable().concatMap(selector))
    }
}
