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
    private var latest: [Input?]
    private var missing: Int
    private var unfinished: Int

    init(count: Int) {
        latest = Array(repeating: nil, count: count)
        missing = count
        unfinished = count
    }

    mutating func value(_ value: Input, index: Int) -> (outputs: [[Input]], replenish: Bool) {
        if latest[index] == nil { missing -= 1 }
        latest[index] = value
        guard missing == 0 else { return ([], true) }
        return ([latest.map { $0! }], false)
    }

    mutating func finished(index: Int) -> Bool {
        unfinished -= 1
        return latest[index] == nil || unfinished == 0
    }

    func isExhausted() -> Bool { false }
}
