extension InfallibleType {
    /// The elements of every inner sequence, merged. Same as RxSwift's `Infallible.flatMap`.
    public func flatMap<Source: InfallibleType>(_ selector: @escaping (Element) -> Source) -> Infallible<Source.Element> {
        Infallible(asObservable().flatMap(selector))
    }
}
