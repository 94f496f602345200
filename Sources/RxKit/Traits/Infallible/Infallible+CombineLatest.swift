extension InfallibleType {
    /// The latest elements of all `collection`'s sources, combined with `resultSelector`, whenever one
    /// emits, once each has emitted. Same as RxSwift's `Infallible.combineLatest(_:resultSelector:)`
    /// (Infallible+CombineLatest+Collection.swift).
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) -> Element)
        -> Infallible<Element> where Collection.Element: InfallibleType {
        Infallible(Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// The array of the latest elements of all `collection`'s sources whenever one emits, once each has
    /// emitted. Same as RxSwift's `Infallible.combineLatest(_:)`.
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection) -> Infallible<[Element]>
        where Collection.Element: InfallibleType, Collection.Element.Element == Element {
        Infallible(Observable.combineLatest(collection.map { $0.asObservable() }))
    }
}
