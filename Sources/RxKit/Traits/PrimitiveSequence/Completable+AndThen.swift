extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// After this completes, the outcome of `second` (an error from this skips it). Same as RxSwift's
    /// `andThen(_:)`.
    public func andThen<Element>(_ second: Single<Element>) -> Single<Element> {
        PrimitiveSequence(raw: afterCompletion(second.asObservable()))
    }

    /// After this completes, the outcome of `second`. Same as RxSwift's `andThen(_:)`.
    public func andThen<Element>(_ second: Maybe<Element>) -> Maybe<Element> {
        PrimitiveSequence(raw: afterCompletion(second.asObservable()))
    }

    /// After this completes, the outcome of `second`. Same as RxSwift's `andThen(_:)`.
    public func andThen(_ second: Completable) -> Completable {
        concat(second)
    }

    /// After this completes, the elements of `second`. Same as RxSwift's `andThen(_:)`.
    public func andThen<Element>(_ second: Observable<Element>) -> Observable<Element> {
        afterCompletion(second)
    }

    /// `second`, subscribed once this completes (this one's elements are `Never`).
    private func afterCompletion<Element>(_ second: Observable<Element>) -> Observable<Element> {
        let source = primitiveSequence.source
        let first = Observable<Element>.create { observer in
            source.subscribe { event in
                switch event {
                case .next: break
                case .error(let error): observer.on(.error(error))
                case .completed: observer.on(.completed)
                }
            }
        }
        return first.concat(second)
    }
}
