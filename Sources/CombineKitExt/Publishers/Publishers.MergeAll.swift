import CombineKit

extension Collection where Element: Publisher {
    /// Merges the values of every publisher of the collection (RxSwift's `Observable.merge(_:)`).
    ///
    /// Finishes when all have finished; fails on the first failure. An empty collection finishes at
    /// once. Demand: see `Publishers.MergeAll`. (Named apart from Combine's `Publishers.MergeMany`,
    /// which CombineKit provides.)
    public func merge() -> Publishers.MergeAll<Element> {
        Publishers.MergeAll(Array(self))
    }
}

extension Publishers {
    /// The merged values of any number of publishers. See `Collection.merge()`.
    ///
    /// Demand: each downstream request is passed to every unfinished source; values beyond
    /// downstream demand (when several sources answer the same request) wait in a queue.
    public struct MergeAll<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The merged publishers.
        public let publishers: [Upstream]

        public init(_ publishers: [Upstream]) { self.publishers = publishers }

        /// Merges any number of publishers given one by one.
        public init(_ publishers: Upstream...) { self.publishers = publishers }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            MultiSourceInner<Upstream, MergeRule<Upstream.Output, Failure>>(downstream: subscriber, count: publishers.count, name: "MergeAll")
                .start(publishers)
        }
    }
}

internal struct MergeRule<Input, Failure: Error>: MultiSourceRule {
    private var unfinished: Int

    init(count: Int) { unfinished = count }

    mutating func value(_ value: Input, index: Int, emit: (Input) -> Void) -> Bool {
        emit(value)
        return false
    }

    mutating func finished(index: Int) -> Bool {
        unfinished -= 1
        return unfinished == 0
    }

    func isExhausted() -> Bool { false }
}
