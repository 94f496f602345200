extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Runs `sources` at once; completes when all have completed, fails at the first error. Same as
    /// RxSwift's `Completable.zip(_:)`.
    public static func zip<Collection: Swift.Collection>(_ sources: Collection) -> Completable where Collection.Element == Completable {
        PrimitiveSequence(raw: Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Runs `sources` at once; completes when all have completed, fails at the first error. Same as
    /// RxSwift's `Completable.zip(_:)`.
    public static func zip(_ sources: [Completable]) -> Completable {
        PrimitiveSequence(raw: Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Runs `sources` at once; completes when all have completed, fails at the first error. Same as
    /// RxSwift's `Completable.zip(_:)`.
    public static func zip(_ sources: Completable...) -> Completable {
        zip(sources)
    }
}
