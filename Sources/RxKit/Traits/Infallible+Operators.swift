// Infallible's operators (RxSwift 6's Infallible+Operators.swift): each wraps the Observable operator;
// the closures cannot throw, so no error can enter.

extension InfallibleType {
    /// Elements that `predicate` accepts. Same as RxSwift's `Infallible.filter`.
    public func filter(_ predicate: @escaping (Element) -> Bool) -> Infallible<Element> {
        Infallible(asObservable().filter(predicate))
    }

    /// Each element transformed. Same as RxSwift's `Infallible.map`.
    public func map<Result>(_ transform: @escaping (Element) -> Result) -> Infallible<Result> {
        Infallible(asObservable().map(transform))
    }

    /// The non-`nil` transformed elements. Same as RxSwift's `Infallible.compactMap`.
    public func compactMap<Result>(_ transform: @escaping (Element) -> Result?) -> Infallible<Result> {
        Infallible(asObservable().compactMap(transform))
    }

    /// Elements different from the previous one by `comparer`. Same as RxSwift's `distinctUntilChanged(_:)`.
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) -> Bool) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(comparer))
    }

    /// Elements whose key differs from the previous one's. Same as RxSwift's `distinctUntilChanged(_:)`.
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) -> Key) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(keySelector))
    }

    /// Elements whose value at `keyPath` differs from the previous one's. Same as RxSwift's
    /// `distinctUntilChanged(at:)`.
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(at: keyPath))
    }

    /// Each element once `dueTime` passes without a newer one. Same as RxSwift's `Infallible.debounce`.
    public func debounce(_ dueTime: RxTimeInterval, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().debounce(dueTime, scheduler: scheduler))
    }

    /// At most one element per `dueTime`. Same as RxSwift's `Infallible.throttle`.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true, scheduler: SchedulerType) -> Infallible<Element> {
        Infallible(asObservable().throttle(dueTime, latest: latest, scheduler: scheduler))
    }

    /// The elements of every inner sequence, merged. Same as RxSwift's `Infallible.flatMap`.
    public func flatMap<Source: InfallibleType>(_ selector: @escaping (Element) -> Source) -> Infallible<Source.Element> {
        Infallible(asObservable().flatMap(selector))
    }

    /// The elements of the latest inner sequence. Same as RxSwift's `Infallible.flatMapLatest`.
    public func flatMapLatest<Source: InfallibleType>(_ selector: @escaping (Element) -> Source) -> Infallible<Source.Element> {
        Infallible(asObservable().flatMapLatest(selector))
    }

    /// The elements of an inner sequence, ignoring elements while one runs. Same as RxSwift's
    /// `Infallible.flatMapFirst`.
    public func flatMapFirst<Source: InfallibleType>(_ selector: @escaping (Element) -> Source) -> Infallible<Source.Element> {
        Infallible(asObservable().flatMapFirst(selector))
    }

    /// The elements of each inner sequence, one after another. Same as RxSwift's `Infallible.concatMap`.
    public func concatMap<Source: InfallibleType>(_ selector: @escaping (Element) -> Source) -> Infallible<Source.Element> {
        Infallible(asObservable().concatMap(selector))
    }

    /// Each intermediate accumulation, mutating `seed` in place. Same as RxSwift's `scan(into:accumulator:)`.
    public func scan<Seed>(into seed: Seed, accumulator: @escaping (inout Seed, Element) -> Void) -> Infallible<Seed> {
        Infallible(asObservable().scan(into: seed, accumulator: accumulator))
    }

    /// Each intermediate accumulation. Same as RxSwift's `scan(_:accumulator:)`.
    public func scan<Seed>(_ seed: Seed, accumulator: @escaping (Seed, Element) -> Seed) -> Infallible<Seed> {
        Infallible(asObservable().scan(seed, accumulator: accumulator))
    }

    /// `elements` first, then the sequence. Same as RxSwift's `startWith`.
    public func startWith(_ elements: Element...) -> Infallible<Element> {
        Infallible(Observable.from(elements).concat(asObservable()))
    }

    /// The first `count` elements. Same as RxSwift's `take(_:)`.
    public func take(_ count: Int) -> Infallible<Element> {
        Infallible(asObservable().take(count))
    }

    /// Elements while `predicate` holds. Same as RxSwift's `take(while:behavior:)`.
    public func take(while predicate: @escaping (Element) -> Bool, behavior: TakeBehavior = .exclusive) -> Infallible<Element> {
        Infallible(asObservable().take(while: predicate, behavior: behavior))
    }

    /// Elements until `other` emits. Same as RxSwift's `take(until:)`.
    public func take<Source: ObservableConvertibleType>(until other: Source) -> Infallible<Element> {
        Infallible(asObservable().take(until: other.asObservable()))
    }

    /// All but the first `count` elements. Same as RxSwift's `skip(_:)`.
    public func skip(_ count: Int) -> Infallible<Element> {
        Infallible(asObservable().skip(count))
    }

    /// Elements from the first that fails `predicate` on. Same as RxSwift's `skip(while:)`.
    public func skip(while predicate: @escaping (Element) -> Bool) -> Infallible<Element> {
        Infallible(asObservable().skip(while: predicate))
    }

    /// Each element combined with the latest element of `second`. Same as RxSwift's `withLatestFrom`.
    public func withLatestFrom<Source: InfallibleType, Result>(_ second: Source, resultSelector: @escaping (Element, Source.Element) -> Result) -> Infallible<Result> {
        Infallible(asObservable().withLatestFrom(second, resultSelector: resultSelector))
    }

    /// The latest element of `second` at each element. Same as RxSwift's `withLatestFrom`.
    public func withLatestFrom<Source: InfallibleType>(_ second: Source) -> Infallible<Source.Element> {
        Infallible(asObservable().withLatestFrom(second))
    }

    /// Pairs each element with `obj`, held weakly; completes when `obj` is gone. Same as RxSwift's
    /// `withUnretained`.
    public func withUnretained<Object: AnyObject, Out>(_ obj: Object, resultSelector: @escaping (Object, Element) -> Out) -> Infallible<Out> {
        Infallible(asObservable().withUnretained(obj, resultSelector: resultSelector))
    }

    /// Pairs each element with `obj`, held weakly. Same as RxSwift's `withUnretained`.
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> Infallible<(Object, Element)> {
        Infallible(asObservable().withUnretained(obj))
    }

    /// One upstream subscription shared by all subscribers, replaying `replay` elements. Same as
    /// RxSwift's `Infallible.share(replay:scope:)`.
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Infallible<Element> {
        Infallible(asObservable().share(replay: replay, scope: scope))
    }

    /// Delivers on `scheduler`. Same as RxSwift's `Infallible.observe(on:)`.
    public func observe(on scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(asObservable().observe(on: scheduler))
    }

    /// Runs side effects for events and the subscription lifecycle. Same as RxSwift's `Infallible.do`.
    public func `do`(
        onNext: ((Element) -> Void)? = nil,
        afterNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        afterCompleted: (() -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Infallible<Element> {
        Infallible(asObservable().do(
            onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }

    /// This sequence's elements, then `second`'s. Same as RxSwift's `Infallible.concat`.
    public func concat<Source: InfallibleType>(_ second: Source) -> Infallible<Element> where Source.Element == Element {
        Infallible(asObservable().concat(second.asObservable()))
    }

    /// The elements of all `sources`, merged. Same as RxSwift's `Infallible.merge`.
    public static func merge(_ sources: Infallible<Element>...) -> Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// The elements of all `sources`, merged. Same as RxSwift's `Infallible.merge`.
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> Infallible<Element> where Collection.Element == Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }
}

extension InfallibleType where Element: Equatable {
    /// Elements different from the previous one. Same as RxSwift's `distinctUntilChanged()`.
    public func distinctUntilChanged() -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged())
    }
}
