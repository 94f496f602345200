extension PrimitiveSequenceType where Trait == SingleTrait {
    /// The element if `predicate` accepts it, else empty: a `Maybe`. Same as RxSwift's `filter`.
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Maybe<Element> {
        PrimitiveSequence(raw: primitiveSequence.source.filter(predicate))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// The element if `predicate` accepts it, else empty. Same as RxSwift's `Maybe.filter`.
    public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Maybe<Element> {
        PrimitiveSequence(raw: primitiveSequence.source.filter(predicate))
    }
}
