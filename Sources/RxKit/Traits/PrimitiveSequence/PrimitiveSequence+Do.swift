extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Runs side effects around the outcome and the subscription, passing it through. Same as
    /// RxSwift's `Single.do(onSuccess:afterSuccess:onError:afterError:onSubscribe:onSubscribed:onDispose:)`.
    public func `do`(
        onSuccess: ((Element) throws -> Void)? = nil,
        afterSuccess: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Single<Element> {
        PrimitiveSequence(raw: primitiveSequence.source.do(
            onNext: onSuccess, afterNext: afterSuccess, onError: onError, afterError: afterError,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Runs side effects around the outcome and the subscription, passing it through. Same as RxSwift's
    /// `Maybe.do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)`.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Maybe<Element> {
        PrimitiveSequence(raw: primitiveSequence.source.do(
            onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
            onCompleted: onCompleted, afterCompleted: afterCompleted,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Runs side effects around the outcome and the subscription, passing it through. Same as RxSwift's
    /// `Completable.do(onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)`.
    public func `do`(
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Completable {
        PrimitiveSequence(raw: primitiveSequence.source.do(
            onError: onError, afterError: afterError, onCompleted: onCompleted, afterCompleted: afterCompleted,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }
}
