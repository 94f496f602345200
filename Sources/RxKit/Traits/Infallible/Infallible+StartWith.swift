extension InfallibleType {
    /// `elements` first, then the sequence. Same as RxSwift's `startWith`.
    public func startWith(_ elements: Element...) -> Infallible<Element> {
        Infallible(Observable.from(elements).concat(asObservable()))
    }
}
