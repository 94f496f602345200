extension PrimitiveSequenceType where Trait == SingleTrait {
    /// The non-`nil` result of `transform`, else empty: a `Maybe`. Same as RxSwift's `compactMap`.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Maybe<Result> {
        PrimitiveSequence(raw: primitiveSequence.source.compactMap(transform))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// The non-`nil` result of `transform`, else empty. Same as RxSwift's `Maybe.compactMap`.
    public func compactMap<Result>(_ transform: @escaping (Element) throws -> Result?) -> Maybe<Result> {
        PrimitiveSequence(raw: primitiveSequence.source.compactMap(transform))
    }
}
