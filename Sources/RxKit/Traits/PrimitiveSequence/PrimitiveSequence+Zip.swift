extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Combines the elements of all `collection`'s singles with `resultSelector`; an empty collection
    /// succeeds with `resultSelector([])`. Same as RxSwift's `Single.zip(_:resultSelector:)`.
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection, resultSelector: @escaping ([Element]) throws -> Result
    ) -> Single<Result> where Collection.Element == Single<Element> {
        if collection.isEmpty {
            return Single<Result>.deferred { .just(try resultSelector([])) }
        }
        return PrimitiveSequence(raw: Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// The elements of all `collection`'s singles, in order; an empty collection succeeds with `[]`.
    /// Same as RxSwift's `Single.zip(_:)`.
    public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> Single<[Element]>
        where Collection.Element == Single<Element> {
        if collection.isEmpty { return .just([]) }
        return PrimitiveSequence(raw: Observable.zip(collection.map { $0.asObservable() }))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Combines the elements of all `collection`'s maybes with `resultSelector`: empty as soon as all
    /// have finished without a full set; an empty collection gives `resultSelector([])`. Same as
    /// RxSwift's `Maybe.zip(_:resultSelector:)`.
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection, resultSelector: @escaping ([Element]) throws -> Result
    ) -> Maybe<Result> where Collection.Element == Maybe<Element> {
        if collection.isEmpty {
            return Maybe<Result>.deferred { .just(try resultSelector([])) }
        }
        return PrimitiveSequence(raw: Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// The elements of all `collection`'s maybes, in order; an empty collection gives `[]`. Same as
    /// RxSwift's `Maybe.zip(_:)`.
    public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> Maybe<[Element]>
        where Collection.Element == Maybe<Element> {
        if collection.isEmpty { return .just([]) }
        return PrimitiveSequence(raw: Observable.zip(collection.map { $0.asObservable() }))
    }
}
