extension ObservableType {
    /// The sequence as a `Single`: fails with `RxError.noElements` if it completes empty and with
    /// `RxError.moreThanOneElement` as soon as a second element arrives. Same as RxSwift.
    public func asSingle() -> Single<Element> {
        PrimitiveSequence(raw: TraitShapeProducer(source: asObservable(), shape: .exactlyOne))
    }

    /// The sequence as a `Maybe`: fails with `RxError.moreThanOneElement` if a second element arrives.
    public func asMaybe() -> Maybe<Element> {
        PrimitiveSequence(raw: TraitShapeProducer(source: asObservable(), shape: .atMostOne))
    }
}

extension ObservableType where Element == Never {
    /// The sequence as a `Completable`: its completion or error. Same as RxSwift's `asCompletable()`, which is
    /// only on sequences of `Never` (an element type is dropped with `ignoreElements()` first).
    public func asCompletable() -> Completable {
        PrimitiveSequence(raw: asObservable())
    }
}
