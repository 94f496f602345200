extension InfallibleType {
    /// Pairs each element with `obj`, held weakly; completes when `obj` is gone. Same as RxSwift's
    /// `withUnretained`.
    public func withUnretained<Object: AnyObject, Out>(_ obj: Object, resultSelector: @escaping (Object, Element) -> Out) -> Infallible<Out> {
        Infallible(asObservable().withUnretained(obj, resultSelector: resultSelector))
    }

    /// Pairs each element with `obj`, held weakly. Same as RxSwift's `withUnretained`.
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> Infallible<(Object, Element)> {
        Infallible(asObservable().withUnretained(obj))
    }
}
