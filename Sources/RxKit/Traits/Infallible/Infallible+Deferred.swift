extension InfallibleType {
    /// A sequence made anew by `factory` for each subscriber. Same as RxSwift's `Infallible.deferred`.
    public static func deferred(_ factory: @escaping () -> Infallible<Element>) -> Infallible<Element> {
        Infallible(Observable.deferred { factory().asObservable() })
    }
}
