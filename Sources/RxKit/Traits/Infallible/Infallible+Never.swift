extension InfallibleType {
    /// Nothing, ever. Same as RxSwift's `Infallible.never`.
    public static func never() -> Infallible<Element> { Infallible(.never()) }
}
