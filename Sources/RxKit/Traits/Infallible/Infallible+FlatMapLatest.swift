extension InfallibleType {
    /// The elements of the latest inner sequence. Same as RxSwift's `Infallible.flatMapLatest`.
    public func flatMapLatest<Source: InfallibleType>(_ selector: @escaping (Element) -> Source) -> Infallible<Source.Element> {
        Infallible(asObservable().flatMapLatest(selector))
    }
}
