extension SharedSequenceConvertibleType {
    /// The n-th elements of all `collection`'s sources, combined. Same as RxCocoa's `zip(_:resultSelector:)`.
    public static func zip<Collection: Swift.Collection>(_ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) -> Element)
        -> SharedSequence<SharingStrategy, Element> where Collection.Element: SharedSequenceConvertibleType, Collection.Element.SharingStrategy == SharingStrategy {
        SharedSequence(Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }
}

extension SharedSequence {
    /// The array of the n-th elements of all `collection`'s sources, once each has produced one. Same as
    /// RxCocoa's `zip(_:)`.
    public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> SharedSequence<SharingStrategy, [Element]>
        where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, [Element]>(Observable.zip(collection.map { $0.asObservable() }))
    }
}
