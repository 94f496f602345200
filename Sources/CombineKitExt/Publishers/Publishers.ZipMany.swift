import CombineKit
import ReactiveBridgePrimitives

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
    /// One `ValueRing<Input>` per source, its unpaired values, held as `AnyObject`s: an array of a
    /// generic element type (`[FIFO<Input>]`, `[ValueRing<Input>]`) looked its metadata up at run time on
    /// every access in this unspecialised code.
    private let pending: [AnyObject]
    private var finishedSources: [Bool]
    /// How many sources have no unpaired value.
    private var emptyCount: Int

    init(count: Int) {
        pending = (0..<count).map { _ in ValueRing<Input>() }
        finishedSources = Array(repeating: false, count: count)
        emptyCount = count
    }

    private func ring(_ index: Int) -> ValueRing<Input> { unsafeDowncast(pending[index], to: ValueRing<Input>.self) }

    mutating func value(_ value: Input, index: Int, emit: ([Input]) -> Void) -> Bool {
        let ring = ring(index)
        if ring.isEmpty { emptyCount -= 1 }
        ring.append(value)
        guard emptyCount == 0 else { return false }
        let count = pending.count
        let row = Array<Input>(unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count { (buffer.baseAddress! + index).initialize(to: self.ring(index).removeFirst()) }
            initialized = count
        }
        for index in 0..<count where self.ring(index).isEmpty { emptyCount += 1 }
        emit(row)
        return false
    }

    mutating func finished(index: Int) -> Bool {
        finishedSources[index] = true
        return ring(index).isEmpty
    }

    func isExhausted() -> Bool {
        pending.indices.contains { finishedSources[$0] && ring($0).isEmpty }
    }
}
