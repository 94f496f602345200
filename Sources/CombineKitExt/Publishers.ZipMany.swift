import CombineKit

extension Collection where Element: Publisher {
    /// Pairs up the n-th values of every publisher into arrays (RxSwift's `Observable.zip(_:)` over
    /// a collection; no arity limit).
    ///
    /// Finishes as soon as a finished source has no unpaired value left; fails on the first failure.
    /// An empty collection finishes at once. Demand: each downstream request is passed to every
    /// source, so at most that many arrays are produced.
    public func zip() -> Publishers.ZipMany<Element> {
        Publishers.ZipMany(Array(self))
    }
}

extension Publishers {
    /// The n-th values of any number of publishers, as arrays. See `Collection.zip()`.
    public struct ZipMany<Upstream: Publisher>: Publisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure

        /// The zipped publishers, in output order.
        public let publishers: [Upstream]

        public init(_ publishers: [Upstream]) { self.publishers = publishers }

        /// Zips any number of publishers given one by one.
        public init(_ publishers: Upstream...) { self.publishers = publishers }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            MultiSourceInner<Upstream, ZipRule<Upstream.Output, Failure>>(downstream: subscriber, count: publishers.count, name: "ZipMany")
                .start(publishers)
        }
    }
}

internal struct ZipRule<Input, Failure: Error>: MultiSourceRule {
    private var pending: [FIFO<Input>]
    private var finishedSources: [Bool]

    init(count: Int) {
        pending = Array(repeating: FIFO(), count: count)
        finishedSources = Array(repeating: false, count: count)
    }

    mutating func value(_ value: Input, index: Int) -> (outputs: [[Input]], replenish: Bool) {
        pending[index].append(value)
        guard pending.allSatisfy({ !$0.isEmpty }) else { return ([], false) }
        var row: [Input] = []
        row.reserveCapacity(pending.count)
        for index in pending.indices { row.append(pending[index].popFirst()!) }
        return ([row], false)
    }

    mutating func finished(index: Int) -> Bool {
        finishedSources[index] = true
        return pending[index].isEmpty
    }

    func isExhausted() -> Bool {
        pending.indices.contains { finishedSources[$0] && pending[$0].isEmpty }
    }
}
