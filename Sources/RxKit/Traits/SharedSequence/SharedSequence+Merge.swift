extension SharedSequenceConvertibleType {
    /// The elements of all `sources`, merged. Same as RxCocoa's `merge`.
    public static func merge(_ sources: SharedSequence<SharingStrategy, Element>...) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// The elements of all `sources`, merged. Same as RxCocoa's `merge(_:)` for an array.
    public static func merge(_ sources: [SharedSequence<SharingStrategy, Element>]) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// The elements of all `sources`, merged. Same as RxCocoa's `merge`.
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> SharedSequence<SharingStrategy, Element>
        where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }
}

extension SharedSequenceConvertibleType where Element: SharedSequenceConvertibleType, Element.SharingStrategy == SharingStrategy {
    /// The elements of all inner sequences, merged. Same as RxCocoa's `merge()`.
    public func merge() -> SharedSequence<SharingStrategy, Element.Element> {
        SharedSequence(asObservable().flatMap { $0.asObservable() })
    }

    /// The elements of the inner sequences, merged, with at most `maxConcurrent` subscribed at a time
    /// (the others wait their turn). Same as RxCocoa's `merge(maxConcurrent:)`.
    public func merge(maxConcurrent: Int) -> SharedSequence<SharingStrategy, Element.Element> {
        SharedSequence(asObservable().map { $0.asObservable() }.merge(maxConcurrent: maxConcurrent))
    }
}
