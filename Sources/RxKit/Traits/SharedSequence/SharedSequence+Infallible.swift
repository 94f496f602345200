extension SharedSequenceConvertibleType {
    /// The sequence as an `Infallible`. Same as RxCocoa's `asInfallible()`.
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}
