extension ObservableType {
    /// Replaces an error with `element` followed by completion. Same as RxSwift's `catchAndReturn(_:)`.
    @inlinable  // the producer is made in the caller's specialised code (no metadata look-up per call)
    public func catchAndReturn(_ element: Element) -> Observable<Element> {
        CatchProducer(source: asObservable(), handler: { _ in Observable<Element>.just(element) })
    }

    /// Renamed `catchAndReturn(_:)` in RxSwift 6.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> Observable<Element> {
        catchAndReturn(element)
    }
}
