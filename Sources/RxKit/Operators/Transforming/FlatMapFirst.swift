extension ObservableType {
    /// Like `flatMap`, but while an inner sequence is active the source's elements are dropped
    /// (`selector` is not called for them). Same as RxSwift's `flatMapFirst`.
    @inlinable
    public func flatMapFirst<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source)
        -> Observable<Source.Element> {
        FlatMapProducer<Element, Source, InnerObserver<Source.Element>>(
            source: asObservable(), selector: selector, maxConcurrent: .max, ignoresElementsWhileBusy: true)
    }
}
