extension InfallibleType {
    /// The n-th elements of all `collection`'s sources, combined with `resultSelector`, once each has
    /// produced one. RxSwift 6's `Infallible` has no collection `zip`; this is its `Observable.zip(_:resultSelector:)`.
    public static func zip<Collection: Swift.Collection>(_ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) -> Element)
        -> Infallible<Element> where Collection.Element: InfallibleType {
        Infallible(Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// The array of the n-th elements of all `collection`'s sources, once each has produced one. RxSwift 6's
    /// `Infallible` has no collection `zip`; this is its `Observable.zip(_:)`.
    public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> Infallible<[Element]>
        where Collection.Element: InfallibleType, Collection.Element.Element == Element {
        Infallible(Observable.zip(collection.map { $0.asObservable() }))
    }
}
