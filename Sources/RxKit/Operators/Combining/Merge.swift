extension ObservableType where Element: ObservableConvertibleType {
    /// Merges the elements of every inner sequence as they arrive. Completes once the source and every
    /// inner sequence have completed; any error ends it at once. Same as RxSwift's `merge()`.
    @inlinable  // the producer is then made in the caller's specialised code (see `FlatMapProducer`)
    public func merge() -> Observable<Element.Element> {
        FlatMapProducer<Element, Element, InnerObserver<Element.Element>>(
            source: asObservable(), selector: { $0 }, maxConcurrent: .max, ignoresElementsWhileBusy: false)
    }

    /// Like `merge()`, but subscribes at most `maxConcurrent` inner sequences at a time; the others wait,
    /// in arrival order, until one completes. `maxConcurrent` must be positive.
    /// Same as RxSwift's `merge(maxConcurrent:)`.
    @inlinable  // the producer is then made in the caller's specialised code (see `FlatMapProducer`)
    public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
        FlatMapProducer<Element, Element, InnerObserver<Element.Element>>(
            source: asObservable(), selector: { $0 }, maxConcurrent: maxConcurrent, ignoresElementsWhileBusy: false)
    }
}

extension ObservableType {
    /// Subscribes every sequence of `sources` at once and merges their elements. Completes when all have
    /// completed (at once if there are none); any error ends it at once. Same as RxSwift's `merge`.
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Observable<Element>
        where Collection.Element == Observable<Element> {
        FlatMapProducer<Observable<Element>, Observable<Element>, InnerObserver<Element>>(sources: Array(sources))
    }

    /// Subscribes every sequence of `sources` at once and merges their elements. Same as RxSwift's `merge`.
    public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        FlatMapProducer<Observable<Element>, Observable<Element>, InnerObserver<Element>>(sources: sources)
    }

    /// Subscribes every sequence of `sources` at once and merges their elements. Same as RxSwift's `merge`.
    public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        FlatMapProducer<Observable<Element>, Observable<Element>, InnerObserver<Element>>(sources: sources)
    }
}
