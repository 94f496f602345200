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

extension ObservableType {
    /// The sequence's completion or error, with its elements ignored. Same as RxSwift's `asCompletable()`.
    public func asCompletable() -> Completable {
        let source = asObservable()
        return PrimitiveSequence(raw: Observable<Never>.create { observer in
            source.subscribe { event in
                switch event {
                case .next: break
                case .error(let error): observer.on(.error(error))
                case .completed: observer.on(.completed)
                }
            }
        })
    }
}
