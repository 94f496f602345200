// The operators of Driver and Signal (RxCocoa's SharedSequence+Operators.swift): each wraps the Observable
// operator and shares the result again with the same strategy; timed operators run on the sharing
// scheduler. Closures cannot throw, so no error can enter.

extension SharedSequenceConvertibleType {
    /// Each element transformed. Same as RxCocoa's `map`.
    @inlinable  // so the share it ends in is made in the caller's specialised code
    public func map<Result>(_ selector: @escaping (Element) -> Result) -> SharedSequence<SharingStrategy, Result> {
        let source = asObservable()
        if let replaysLatest = sharesWhileConnected(SharingStrategy.self) {
            // Driver and Signal: the share's connection runs the map itself (see `MapShareConnection`).
            return SharedSequence(raw: MapShareWhileConnected(upstream: source, transform: selector, replaysLatest: replaysLatest,
                                                              makeConnection: { MapShareConnection<Element, Result>(parent: $0) }))
        }
        // `composeMap` is `map` without the protocol-extension call (a metadata and a witness-table
        // look-up per operator in unspecialised code).
        return SharedSequence(source.composeMap(selector))
    }

    /// Elements that `predicate` accepts. Same as RxCocoa's `filter`.
    @inlinable
    public func filter(_ predicate: @escaping (Element) -> Bool) -> SharedSequence<SharingStrategy, Element> {
        let source = asObservable()
        if let replaysLatest = sharesWhileConnected(SharingStrategy.self) {
            // Driver and Signal: the share's connection runs the filter itself (see `FilterShareConnection`).
            return SharedSequence(raw: FilterShareWhileConnected(upstream: source, predicate: predicate, replaysLatest: replaysLatest,
                                                                 makeConnection: { FilterShareConnection<Element>(parent: $0) }))
        }
        return SharedSequence(source.composeFilter(predicate))
    }

    /// The non-`nil` transformed elements. Same as RxCocoa's `compactMap`.
    public func compactMap<Result>(_ selector: @escaping (Element) -> Result?) -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().compactMap(selector))
    }

    /// The elements of every inner sequence, merged. Same as RxCocoa's `flatMap`.
    public func flatMap<Sharing: SharedSequenceConvertibleType>(_ selector: @escaping (Element) -> Sharing) -> SharedSequence<SharingStrategy, Sharing.Element>
        where Sharing.SharingStrategy == SharingStrategy {
        SharedSequence(asObservable().flatMap(selector))
    }

    /// The elements of the latest inner sequence. Same as RxCocoa's `flatMapLatest`.
    public func flatMapLatest<Sharing: SharedSequenceConvertibleType>(_ selector: @escaping (Element) -> Sharing) -> SharedSequence<SharingStrategy, Sharing.Element>
        where Sharing.SharingStrategy == SharingStrategy {
        SharedSequence(asObservable().flatMapLatest(selector))
    }

    /// The elements of an inner sequence, ignoring elements while one runs. Same as RxCocoa's `flatMapFirst`.
    public func flatMapFirst<Sharing: SharedSequenceConvertibleType>(_ selector: @escaping (Element) -> Sharing) -> SharedSequence<SharingStrategy, Sharing.Element>
        where Sharing.SharingStrategy == SharingStrategy {
        SharedSequence(asObservable().flatMapFirst(selector))
    }

    /// The elements of each inner sequence, one after another. Same as RxCocoa's `concatMap`.
    public func concatMap<Sharing: SharedSequenceConvertibleType>(_ selector: @escaping (Element) -> Sharing) -> SharedSequence<SharingStrategy, Sharing.Element>
        where Sharing.SharingStrategy == SharingStrategy {
        SharedSequence(asObservable().concatMap(selector))
    }

    /// Elements different from the previous one by `comparer`. Same as RxCocoa's `distinctUntilChanged(_:)`.
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) -> Bool) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(comparer))
    }

    /// Elements whose key differs from the previous one's. Same as RxCocoa's `distinctUntilChanged(_:)`.
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) -> Key) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(keySelector))
    }

    /// Elements whose key, by `keySelector`, differs from the previous one's by `comparer`. Same as
    /// RxCocoa's `distinctUntilChanged(_:comparer:)`.
    public func distinctUntilChanged<Key>(_ keySelector: @escaping (Element) -> Key, comparer: @escaping (Key, Key) -> Bool)
        -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(keySelector, comparer: comparer))
    }

    /// Elements whose value at `keyPath` differs from the previous one's. Same as RxCocoa's `distinctUntilChanged(at:)`.
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged(at: keyPath))
    }

    /// Each element once `dueTime` passes without a newer one, timed on the sharing scheduler.
    /// Same as RxCocoa's `debounce`.
    public func debounce(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().debounce(dueTime, scheduler: SharingStrategy.scheduler))
    }

    /// At most one element per `dueTime`, timed on the sharing scheduler. Same as RxCocoa's `throttle`.
    public func throttle(_ dueTime: RxTimeInterval, latest: Bool = true) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().throttle(dueTime, latest: latest, scheduler: SharingStrategy.scheduler))
    }

    /// Every event shifted later by `dueTime` on the sharing scheduler. Same as RxCocoa's `delay`.
    public func delay(_ dueTime: RxTimeInterval) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().delay(dueTime, scheduler: SharingStrategy.scheduler))
    }

    /// Each intermediate accumulation. Same as RxCocoa's `scan(_:accumulator:)`.
    public func scan<A>(_ seed: A, accumulator: @escaping (A, Element) -> A) -> SharedSequence<SharingStrategy, A> {
        SharedSequence(asObservable().scan(seed, accumulator: accumulator))
    }

    /// Each intermediate accumulation, mutating the seed in place. Same as RxCocoa's `scan(into:accumulator:)`.
    public func scan<A>(into seed: A, accumulator: @escaping (inout A, Element) -> Void) -> SharedSequence<SharingStrategy, A> {
        SharedSequence(asObservable().scan(into: seed, accumulator: accumulator))
    }

    /// `element` first, then the sequence. Same as RxCocoa's `startWith(_:)`.
    public func startWith(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().startWith(element))
    }

    /// All but the first `count` elements. Same as RxCocoa's `skip(_:)`.
    public func skip(_ count: Int) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().skip(count))
    }

    /// Each element combined with the latest element of `second`. Same as RxCocoa's `withLatestFrom`.
    public func withLatestFrom<Second: SharedSequenceConvertibleType, Result>(_ second: Second, resultSelector: @escaping (Element, Second.Element) -> Result)
        -> SharedSequence<SharingStrategy, Result> {
        SharedSequence(asObservable().withLatestFrom(second.asSharedSequence(), resultSelector: resultSelector))
    }

    /// The latest element of `second` at each element. Same as RxCocoa's `withLatestFrom`.
    public func withLatestFrom<Second: SharedSequenceConvertibleType>(_ second: Second) -> SharedSequence<SharingStrategy, Second.Element> {
        SharedSequence(asObservable().withLatestFrom(second.asSharedSequence()))
    }

    /// Pairs each element with `obj`, held weakly; completes once `obj` is gone. Same as RxCocoa's `withUnretained`.
    public func withUnretained<Object: AnyObject, Out>(_ obj: Object, resultSelector: @escaping (Object, Element) -> Out) -> SharedSequence<SharingStrategy, Out> {
        SharedSequence(asObservable().withUnretained(obj, resultSelector: resultSelector))
    }

    /// Pairs each element with `obj`, held weakly. Same as RxCocoa's `withUnretained`.
    public func withUnretained<Object: AnyObject>(_ obj: Object) -> SharedSequence<SharingStrategy, (Object, Element)> {
        SharedSequence(asObservable().withUnretained(obj))
    }

    /// Runs side effects for events and the subscription lifecycle. Same as RxCocoa's `do`.
    public func `do`(
        onNext: ((Element) -> Void)? = nil,
        afterNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        afterCompleted: (() -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().do(
            onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }

    /// Prints every event and the subscription lifecycle. Same as RxCocoa's `debug`.
    public func debug(_ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line, function: String = #function)
        -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }

    /// The elements of all `sources`, merged. Same as RxCocoa's `merge`.
    public static func merge(_ sources: SharedSequence<SharingStrategy, Element>...) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// The elements of all `sources`, merged. Same as RxCocoa's `merge(_:)` for an array.
    public static func merge(_ sources: [SharedSequence<SharingStrategy, Element>]) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// The elements of all `sources`, merged. Same as RxCocoa's `merge`.
    public static func merge<Collection: Swift.Collection>(_ sources: Collection) -> SharedSequence<SharingStrategy, Element>
        where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// The elements of `sequence`'s sources, one source after another. Same as RxCocoa's `concat`.
    public static func concat<Sequence: Swift.Sequence>(_ sequence: Sequence) -> SharedSequence<SharingStrategy, Element>
        where Sequence.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.concat(sequence.map { $0.asObservable() }))
    }

    /// The elements of `collection`'s sources, one source after another. Same as RxCocoa's `concat`.
    public static func concat<Collection: Swift.Collection>(_ collection: Collection) -> SharedSequence<SharingStrategy, Element>
        where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.concat(collection.map { $0.asObservable() }))
    }

    /// The latest elements of all `collection`'s sources, combined, whenever one emits. Same as RxCocoa's
    /// `combineLatest(_:resultSelector:)`.
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) -> Element)
        -> SharedSequence<SharingStrategy, Element> where Collection.Element: SharedSequenceConvertibleType, Collection.Element.SharingStrategy == SharingStrategy {
        SharedSequence(Observable.combineLatest(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }

    /// The n-th elements of all `collection`'s sources, combined. Same as RxCocoa's `zip(_:resultSelector:)`.
    public static func zip<Collection: Swift.Collection>(_ collection: Collection, resultSelector: @escaping ([Collection.Element.Element]) -> Element)
        -> SharedSequence<SharingStrategy, Element> where Collection.Element: SharedSequenceConvertibleType, Collection.Element.SharingStrategy == SharingStrategy {
        SharedSequence(Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector))
    }
}

extension SharedSequenceConvertibleType where Element: Equatable {
    /// Elements different from the previous one. Same as RxCocoa's `distinctUntilChanged()`.
    public func distinctUntilChanged() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().distinctUntilChanged())
    }
}

extension SharedSequenceConvertibleType where Element: SharedSequenceConvertibleType, Element.SharingStrategy == SharingStrategy {
    /// The elements of the latest inner sequence. Same as RxCocoa's `switchLatest()`.
    public func switchLatest() -> SharedSequence<SharingStrategy, Element.Element> {
        SharedSequence(asObservable().flatMapLatest { $0.asObservable() })
    }

    /// The elements of all inner sequences, merged. Same as RxCocoa's `merge()`.
    public func merge() -> SharedSequence<SharingStrategy, Element.Element> {
        SharedSequence(asObservable().flatMap { $0.asObservable() })
    }

    /// The elements of the inner sequences, merged, with at most `maxConcurrent` subscribed at a time
    /// (the others wait their turn). Same as RxCocoa's `merge(maxConcurrent:)`.
    public func merge(maxConcurrent: Int) -> SharedSequence<SharingStrategy, Element.Element> {
        SharedSequence(asObservable().map { $0.asObservable() }.merge(maxConcurrent: maxConcurrent))
    }
}

extension SharedSequence {
    /// The array of the latest elements of all `collection`'s sources whenever one emits, once each has
    /// emitted. Same as RxCocoa's `combineLatest(_:)`.
    public static func combineLatest<Collection: Swift.Collection>(_ collection: Collection) -> SharedSequence<SharingStrategy, [Element]>
        where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, [Element]>(Observable.combineLatest(collection.map { $0.asObservable() }))
    }

    /// The array of the n-th elements of all `collection`'s sources, once each has produced one. Same as
    /// RxCocoa's `zip(_:)`.
    public static func zip<Collection: Swift.Collection>(_ collection: Collection) -> SharedSequence<SharingStrategy, [Element]>
        where Collection.Element == SharedSequence<SharingStrategy, Element> {
        SharedSequence<SharingStrategy, [Element]>(Observable.zip(collection.map { $0.asObservable() }))
    }
}

/// For the sharing strategies RxKit defines, how they share (`share(replay: 1 or 0, scope:
/// .whileConnected)`: whether the share replays its latest element); `nil` for any other strategy, whose
/// `share(_:)` is the only thing known about it. Folded to a constant in specialised code.
@inlinable @inline(__always)
func sharesWhileConnected<Strategy: SharingStrategyProtocol>(_ strategy: Strategy.Type) -> Bool? {
    if strategy == DriverSharingStrategy.self { return true }
    if strategy == SignalSharingStrategy.self { return false }
    return nil
}
