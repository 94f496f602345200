extension ObservableType {
    /// Projects each element to an inner sequence with `selector` and concatenates them: an inner
    /// sequence is subscribed only once the previous one has completed (elements arriving meanwhile are
    /// mapped at once and wait their turn). Completes once the source and every inner sequence have
    /// completed; any error, or one thrown by `selector`, ends it at once. Same as RxSwift's `concatMap`.
    @inlinable  // the producer is then made in the caller's specialised code (see `FlatMapProducer`)
    public func concatMap<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source)
        -> Observable<Source.Element> {
        FlatMapProducer<Element, Source, InnerObserver<Source.Element>>(
            source: asObservable(), selector: selector, maxConcurrent: 1, ignoresElementsWhileBusy: false)
    }
}
