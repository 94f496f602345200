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

    /// Elements whose key, by `keySelector`, differs from the previous one's by `comparer`. Same as
    /// RxSwift's `Infallible.distinctUntilChanged(_:comparer:)`.
    public func distinctUntilChanged<Key>(_ keySelector: @escaping (Element) -> Key, comparer: @escaping (Key, Key) -> Bool) -> Infallible<Element> {
        Infallible(asObservable().distinctUntilChanged(keySelector, comparer: comparer))
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

    /// Subscribes (and unsubscribes) on `scheduler`. RxSwift 6's `Infallible` has no such operator;
    /// this is its `Observable.subscribe(on:)`, keeping the result infallible.
    public func subscribe(on scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(asObservable().subscribe(on: scheduler))
    }

    /// Prints every event and the subscription lifecycle. Same as RxSwift's `Infallible.debug`
    /// (Infallible+Debug.swift).
    public func debug(_ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line, function: String = #function)
        -> Infallible<Element> {
        Infallible(asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
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

    /// The elements of `sequence`'s sources, one source after another. Same as RxSwift's
    /// `Infallible.concat(_:)`.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> Infallible<Element>
        where Sequence.Element == Infallible<Element> {
        Infallible(Observable.concat(sequence.map { $0.asObservable() }))
    }

    /// The elements of `collection`'s sources, one source after another. Same as RxSwift's
    /// `Infallible.concat(_:)`.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> Infallible<Element>
        where Collection.Element == Infallible<Element> {
        Infallible(Observable.concat(collection.map { $0.asObservable() }))
    }

    /// The elements of `sources`, one source after another. Same as RxSwift's `Infallible.concat(_:)`.
    public static func concat(_ sources: Infallible<Element>...) -> Infallible<Element> {
        Infallible(Observable.concat(sources.map { $0.asObservable() }))
    }

    /// The elements of all `sources`, merged. Same as RxSwift's `Infallible.merge(_:)` for an array.
    public static func merge(_ sources: [Infallible<Element>]) -> Infallible<Element> {
        Infallible(Observable.merge(sources.map { $0.asObservable() }))
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

// MARK: - Collection combineLatest and zip

extension InfallibleType {
    /// The latest elements of all `collection`'s sources, combined with `resultSelector`, whenever one
    /// emits, once each has emitted. Same as RxSwift's `Infallible.combineLatest(_:resultSelector:)`
    /// (Infallible+CombineLatest+Collection.swift).
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) -> Element)
        -> Infallible<Element> where Collection.Element: InfallibleType {
        Infallible(Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// The array of the latest elements of all `collection`'s sources whenever one emits, once each has
    /// emitted. Same as RxSwift's `Infallible.combineLatest(_:)`.
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection) -> Infallible<[Element]>
        where Collection.Element: InfallibleType, Collection.Element.Element == Element {
        Infallible(Observable.combineLatest(collection.map { $0.asObservable() }))
    }

    /// The n-th elements of all `collection`'s sources, combined with `resultSelector`, once each has
    /// produced one. RxSwift 6's `Infallible` has no collection `zip`; this is its `Observable.zip(_:resultSelector:)`.
    public static func zip<Collection: Swift.Collection>(_ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) -> Element)
        -> Infallible<Element> where Collection.Element: InfallibleType {
        Infallible(Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// The array of the n-th elements of all `collection`'s sources, once each has produced one. RxSwift 6's
    /// `Infallible` has no collection `zip`; this is its `Observable.zip(_:)`.
    public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> Infallible<[Element]>
        where Collection.Element: InfallibleType, Collection.Element.Element == Element {
        Infallible(Observable.zip(collection.map { $0.asObservable() }))
    }
}
