extension InfallibleType {
    /// Elements that `predicate` accepts. Same as RxSwift's `Infallible.filter`.
    public func filter(_ predicate: @escaping (Element) -> Bool) -> Infallible<Element> {
        Infallible(asObservable().filter(predicate))
    }
}
