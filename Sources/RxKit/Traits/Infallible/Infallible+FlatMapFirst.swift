extension InfallibleType {
    /// The elements of an inner sequence, ignoring elements while one runs. Same as RxSwift's
    /// `Infallible.flatMapFirst`.
    public func flatMapFirst<Source: InfallibleType>(_ selector: @escaping (Element) -> Source) -> Infallible<Source.Element> {
        Infallible(asObservable().flatMapFirst(selector))
    }
}
