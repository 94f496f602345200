extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// RxSwift 6 deprecated `Completable.merge` in favour of `zip`, which runs the sources the same way.
    @available(*, deprecated, message: "Use Completable.zip instead.", renamed: "zip")
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Completable where Collection.Element == Completable {
        zip(sources)
    }

    /// RxSwift 6 deprecated `Completable.merge` in favour of `zip`, which runs the sources the same way.
    @available(*, deprecated, message: "Use Completable.zip instead.", renamed: "zip")
    public static func merge(_ sources: [Completable]) -> Completable {
        zip(sources)
    }

    /// RxSwift 6 deprecated `Completable.merge` in favour of `zip`, which runs the sources the same way.
    @available(*, deprecated, message: "Use Completable.zip instead.", renamed: "zip")
    public static func merge(_ sources: Completable...) -> Completable {
        zip(sources)
    }
}
