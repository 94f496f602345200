extension SharedSequenceConvertibleType {
    /// Pairs each element with `obj`, held weakly; completes once `obj` is gone. Same as RxCocoa's `withUnretained`.
    public func withUnretained<Object: AnyObject, Out>(_ obj: Object, resultSelector: @escaping (Object, Element) -> Out) -> SharedSequence<SharingStrategy, Out> {
        SharedSequence(asObservable().withUnretained(obj, resultSelector: resultSelector))
    }

    /// Pairs each element with `obj`, held weakly. Same as RxCocoa's `withUnretained`.
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> SharedSequence<SharingStrategy, (Object, Element)> {
        SharedSequence(asObservable().withUnretained(obj))
    }
}
