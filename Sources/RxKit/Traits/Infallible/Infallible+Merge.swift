extension InfallibleType {
    /// The elements of all `sources`, merged. Same as RxSwift's `Infallible.merge(_:)` for an array.
    public static func merge(_ sources: [Infallible<Element>]) -> Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// The elements of all `sources`, merged. Same as RxSwift's `Infallible.merge`.
    public static func merge(_ sources: Infallible<Element>...) -> Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// The elements of all `sources`, merged. Same as RxSwift's `Infallible.merge`.
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Infallible<Element> where Collection.Element == Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }
}
