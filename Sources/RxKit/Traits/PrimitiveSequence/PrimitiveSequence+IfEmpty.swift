extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Succeeds with `default` when this completes empty: a `Single`. Same as RxSwift's `ifEmpty(default:)`.
    public func ifEmpty(default: Element) -> Single<Element> {
        PrimitiveSequence(raw: primitiveSequence.source.ifEmpty(default: `default`))
    }

    /// Continues with `other` when this completes empty. Same as RxSwift's `ifEmpty(switchTo:)`.
    public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
        PrimitiveSequence(raw: primitiveSequence.source.ifEmpty(switchTo: other.source))
    }

    /// Continues with `other` when this completes empty: a `Single`. Same as RxSwift's `ifEmpty(switchTo:)`.
    public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> {
        PrimitiveSequence(raw: primitiveSequence.source.ifEmpty(switchTo: other.source))
    }
}
