extension InfallibleType {
    /// The first `count` elements. Same as RxSwift's `take(_:)`.
    public func take(_ count: Int) -> Infallible<Element> {
        Infallible(asObservable().take(count))
    }

    /// Elements while `predicate` holds. Same as RxSwift's `take(while:behavior:)`.
    public func take(while predicate: @escaping (Element) -> Bool, behavior: TakeBehavior = .exclusive) -> Infallible<Element> {
        Infallible(asObservable().take(while: predicate, behavior: behavior))
    }

    /// Elements emitted within `duration` of subscription; completes when it passes. The timer runs on
    /// `scheduler`. Same as RxSwift's `Infallible.take(for:scheduler:)`.
    public func take(for duration: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().take(for: duration, scheduler: scheduler))
    }

    /// Elements until `predicate` holds for one (included if `behavior` is `.inclusive`). Same as
    /// RxSwift's `Infallible.take(until:behavior:)`.
    public func take(until predicate: @escaping (Element) -> Bool, behavior: TakeBehavior = .exclusive) -> Infallible<Element> {
        Infallible(asObservable().take(until: predicate, behavior: behavior))
    }

    /// Elements until `other` emits. Same as RxSwift's `take(until:)`.
    public func take<Source: ObservableConvertibleType>(until other: Source) -> Infallible<Element> {
        Infallible(asObservable().take(until: other.asObservable()))
    }
}
