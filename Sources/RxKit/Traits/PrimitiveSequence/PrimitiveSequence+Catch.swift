extension PrimitiveSequence {
    /// Continues with the trait `handler` returns when this one fails. Same as RxSwift's `catch(_:)`.
    public func `catch`(_ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: source.catch { try handler($0).asObservable() })
    }

    /// Renamed `catch(_:)` in RxSwift 6.
    @available(*, deprecated, renamed: "catch(_:)")
    public func catchError(_ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>) -> PrimitiveSequence<Trait, Element> {
        `catch`(handler)
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Succeeds with `element` instead of failing. Same as RxSwift's `catchAndReturn`.
    public func catchAndReturn(_ element: Element) -> Single<Element> {
        PrimitiveSequence(raw: primitiveSequence.source.catchAndReturn(element))
    }

    /// Renamed `catchAndReturn(_:)` in RxSwift 6.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> Single<Element> {
        catchAndReturn(element)
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Succeeds with `element` instead of failing.
    /// Same as RxSwift's `Maybe.catchAndReturn`.
    public func catchAndReturn(_ element: Element) -> Maybe<Element> {
        PrimitiveSequence(raw: primitiveSequence.source.catchAndReturn(element))
    }

    /// Renamed `catchAndReturn(_:)` in RxSwift 6.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(_ element: Element) -> Maybe<Element> {
        catchAndReturn(element)
    }
}
