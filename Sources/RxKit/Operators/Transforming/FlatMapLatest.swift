extension ObservableType {
    /// Projects each element to an inner sequence with `selector` and mirrors only the most recent one:
    /// on each new element the previous inner sequence is disposed *before* the new one is subscribed.
    /// Completes once the source and the current inner sequence have completed; any error, or one thrown
    /// by `selector`, ends it at once. Same as RxSwift's `flatMapLatest`.
    @inlinable  // the producer is then made in the caller's specialised code: no metadata look-up per build
    public func flatMapLatest<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source)
        -> Observable<Source.Element> {
        SwitchLatestProducer<Element, Source, InnerObserver<Source.Element>>(source: asObservable(), selector: selector)
    }
}
