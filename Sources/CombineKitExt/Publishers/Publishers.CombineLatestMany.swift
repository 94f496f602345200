import CombineKit

extension Collection where Element: Publisher {
    /// Combines the latest values of every publisher into an array, emitted whenever any of them
    /// emits once all have emitted (RxSwift's `Observable.combineLatest(_:)` over a collection; no
    /// arity limit).
    ///
    /// Finishes when all sources have finished, or as soon as one finishes without ever having
    /// emitted; fails on the first failure. An empty collection finishes at once. Demand: see
    /// `Publishers.CombineLatestMany`.
    public func combineLatest() -> Publishers.CombineLatestMany<Element> {
        Publishers.CombineLatestMany(Array(self))
    }
}

extension Publishers {
    /// The latest values of any number of publishers, as an array. See `Collection.combineLatest()`.
    ///
    /// Demand: each downstream request is passed to every unfinished source; combinations beyond
    /// downstream demand wait in a queue (none is dropped); a value that cannot be combined yet (some
    /// source has no value) is replaced by asking its source for one more.
    public struct CombineLatestMany<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        /// The combined publishers, in output order.
        public let publishers: [Upstream]

        public init(_ publishers: [Upstream]) { self.publishers = publishers }

        /// Combines any number of publishers given one by one.
        public init(_ publishers: Upstream...) { self.publishers = publishers }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            MultiSourceInner<Upstream, CombineLatestRule<Upstream.Output, Failure>>(downstream: subscriber, count: publishers.count, name: "CombineLatestMany")
                .start(publishers)
        }
    }
}

internal struct CombineLatestRule<Input, Failure: Error>: MultiSourceRule {
    private let latest: LatestValues<Input>
    private var missing: Int
    private var unfinished: Int

    init(count: Int) {
        latest = LatestValues(count: count)
        missing = count
        unfinished = count
    }

    mutating func value(_ value: Input, index: Int, emit: ([Input]) -> Void) -> Bool {
        if latest.store(value, at: index) { missing -= 1 }
        guard missing == 0 else { return true }
        emit(latest.snapshot())
        return false
    }

    mutating func finished(index: Int) -> Bool {
        unfinished -= 1
        return !latest.has(index) || unfinished == 0
    }

    func isExhausted() -> Bool { false }
}

/// The latest value of each of `count` sources, kept in place: one block of values and a flag per
/// source. Not an `[Input?]`, whose every read and write in this unspecialised code looked up the
/// metadata of `Optional<Input>` and `Array<Optional<Input>>` at run time. Guarded by the operator's lock.
internal final class LatestValues<Value> {
    private let count: Int
    private let values: UnsafeMutablePointer<Value>
    @exclusivity(unchecked) private var present: [Bool]

    init(count: Int) {
        self.count = count
        values = UnsafeMutablePointer<Value>.allocate(capacity: Swift.max(count, 1))
        present = Array(repeating: false, count: count)
    }

    deinit {
        for index in 0..<count where present[index] { (values + index).deinitialize(count: 1) }
        values.deallocate()
    }

    /// Whether source `index` has a value.
    func has(_ index: Int) -> Bool { present[index] }

    /// Keeps `value` as source `index`'s latest; `true` if it is that source's first.
    func store(_ value: Value, at index: Int) -> Bool {
        if present[index] {
            (values + index).pointee = value
            return false
        }
        (values + index).initialize(to: value)
        present[index] = true
        return true
    }

    /// A copy of every latest value, in source order (every source must have one).
    func snapshot() -> [Value] {
        Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            buffer.baseAddress!.initialize(from: values, count: count)
            initialized = count
        }
    }
}
