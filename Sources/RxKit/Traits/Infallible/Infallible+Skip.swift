extension InfallibleType {
    /// All but the first `count` elements. Same as RxSwift's `skip(_:)`.
    public func skip(_ count: Int) -> Infallible<Element> {
        Infallible(asObservable().skip(count))
    }

    /// Elements from the first that fails `predicate` on. Same as RxSwift's `skip(while:)`.
    public func skip(while predicate: @escaping (Element) -> Bool) -> Infallible<Element> {
        Infallible(asObservable().skip(while: predicate))
    }

    /// Elements from the moment `other` first emits. Same as RxSwift's `Infallible.skip(until:)`.
    public func skip<Source: ObservableConvertibleType>(until other: Source) -> Infallible<Element> {
        Infallible(asObservable().skip(until: other.asObservable()))
    }

    /// Drops the elements emitted within `duration` of subscription. The timer runs on `scheduler`.
    /// RxSwift 6's `Infallible` has no time-based skip; this is its `Observable.skip(_:scheduler:)`.
    public func skip(_ duration: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().skip(duration, scheduler: scheduler))
    }

    /// The same as `skip(_:scheduler:)`, spelled like `take(for:scheduler:)`, as RxKit's `Observable` has it.
    public func skip(for duration: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().skip(for: duration, scheduler: scheduler))
    }
}
