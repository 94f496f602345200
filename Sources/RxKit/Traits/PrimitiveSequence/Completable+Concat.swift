extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Runs `second` after this completes (an error ends it). Same as RxSwift's `Completable.concat(_:)`.
    public func concat(_ second: Completable) -> Completable {
        Completable.concat(primitiveSequence, second)
    }

    /// Runs `sequence`'s completables one after another. Same as RxSwift's `Completable.concat(_:)`.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Completable where Sequence.Element == Completable {
        PrimitiveSequence(raw: Observable.concat(sequence.map { $0.asObservable() }))
    }

    /// Runs `collection`'s completables one after another. Same as RxSwift's `Completable.concat(_:)`.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Completable where Collection.Element == Completable {
        PrimitiveSequence(raw: Observable.concat(collection.map { $0.asObservable() }))
    }

    /// Runs `sources` one after another. Same as RxSwift's `Completable.concat(_:)`.
    public static func concat(_ sources: Completable...) -> Completable {
        PrimitiveSequence(raw: Observable.concat(sources.map { $0.asObservable() }))
    }
}
