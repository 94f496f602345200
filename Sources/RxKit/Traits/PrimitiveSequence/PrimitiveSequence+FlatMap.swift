extension PrimitiveSequenceType where Trait == SingleTrait {
    /// The outcome of the `Single` that `selector` makes from the element. Same as RxSwift's `flatMap`.
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Single<Result>) -> Single<Result> {
        PrimitiveSequence(raw: primitiveSequence.source.flatMap(selector))
    }

    /// The outcome of the `Maybe` that `selector` makes from the element. Same as RxSwift's `flatMapMaybe`.
    public func flatMapMaybe<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>) -> Maybe<Result> {
        PrimitiveSequence(raw: primitiveSequence.source.flatMap(selector))
    }

    /// The outcome of the `Completable` that `selector` makes from the element. Same as RxSwift's
    /// `flatMapCompletable`.
    public func flatMapCompletable(_ selector: @escaping (Element) throws -> Completable) -> Completable {
        PrimitiveSequence(raw: primitiveSequence.source.flatMap(selector))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// The outcome of the `Maybe` that `selector` makes from the element (empty stays empty).
    /// Same as RxSwift's `Maybe.flatMap`.
    public func flatMap<Result>(_ selector: @escaping (Element) throws -> Maybe<Result>) -> Maybe<Result> {
        PrimitiveSequence(raw: primitiveSequence.source.flatMap(selector))
    }
}
