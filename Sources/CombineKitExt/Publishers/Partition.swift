import CombineKit

extension Publisher {
    /// Splits this publisher into the values that satisfy `predicate` and those that do not
    /// (RxSwiftExt's `partition(_:)`).
    ///
    /// Both halves share one subscription to this publisher (`share(replay: 0)`, as RxSwiftExt
    /// shares), made when the first half is subscribed: a half subscribed later misses what the
    /// other has already seen. Each half passes its own demand on; a value that belongs to the other
    /// half is replaced by asking for one more.
    public func partition(_ predicate: @escaping (Output) -> Bool)
        -> (matches: AnyPublisher<Output, Failure>, nonMatches: AnyPublisher<Output, Failure>) {
        let shared = share(replay: 0)
        return (PartitionHalf(upstream: shared, keep: predicate).eraseToAnyPublisher(),
                PartitionHalf(upstream: shared, keep: { !predicate($0) }).eraseToAnyPublisher())
    }
}

/// One half of `partition`: a filter.
private struct PartitionHalf<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    let upstream: Upstream
    let keep: (Output) -> Bool

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let keep = self.keep
        upstream.subscribe(PassthroughInner<Output, Output, Failure, S>(
            downstream: subscriber, name: "Partition", admit: keep, transform: { $0 }, mapCompletion: identityCompletion))
    }
}
