extension PrimitiveSequenceType where Trait == SingleTrait {
    /// The element transformed by `transform`; a thrown error fails the result. Same as RxSwift's `map`.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Single<Result> {
        PrimitiveSequence(raw: primitiveSequence.source.map(transform))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// The element transformed by `transform`. Same as RxSwift's `Maybe.map`.
    public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Maybe<Result> {
        PrimitiveSequence(raw: primitiveSequence.source.map(transform))
    }
}
