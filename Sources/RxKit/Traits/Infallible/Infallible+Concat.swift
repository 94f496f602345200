extension InfallibleType {
    /// This sequence's elements, then `second`'s. Same as RxSwift's `Infallible.concat`.
    public func concat<Source: InfallibleType>(_ second: Source) -> Infallible<Element> where Source.Element == Element {
        Infallible(asObservable().concat(second.asObservable()))
    }

    /// The elements of `sequence`'s sources, one source after another. Same as RxSwift's
    /// `Infallible.concat(_:)`.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Infallible<Element>
        where Sequence.Element == Infallible<Element> {
        Infallible(Observable.concat(sequence.map { $0.asObservable() }))
    }

    /// The elements of `collection`'s sources, one source after another. Same as RxSwift's
    /// `Infallible.concat(_:)`.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Infallible<Element>
        where Collection.Element == Infallible<Element> {
        Infallible(Observable.concat(collection.map { $0.asObservable() }))
    }

    /// The elements of `sources`, one source after another. Same as RxSwift's `Infallible.concat(_:)`.
    public static func concat(_ sources: Infallible<Element>...) -> Infallible<Element> {
        Infallible(Observable.concat(sources.map { $0.asObservable() }))
    }
}
