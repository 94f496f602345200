extension SharedSequenceConvertibleType {
    /// The latest elements of all `collection`'s sources, combined, whenever one emits. Same as RxCocoa's
    /// `combineLatest(_:resultSelector:)`.
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) -> Element)
        -> SharedSequence<SharingStrategy, Element> where Collection.Element: SharedSequenceConvertibleType, Collection.Element.SharingStrategy == SharingStrategy {
        SharedSequence(Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }
}

extension SharedSequence {
    /// The array of the latest elements of all `collection`'s sources whenever one emits, once each has
    /// emitted. Same as RxCocoa's `combineLatest(_:)`.
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection) -> SharedSequence<SharingStrategy, [Element]>
        where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, [Element]>(Observable.combineLatest(collection.map { $0.asObservable() }))
    }
}
