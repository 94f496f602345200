import CombineKit
import ReactiveBridgePrimitives

/// What a collection operator does with each source event.
internal protocol MultiSourceRule {
    associatedtype Input
    associatedtype Output
    associatedtype Failure: Error
    init(count: Int)
    /// Records a value from source `index` and hands each output it produces to `emit`; returns whether
    /// the value produced nothing and should be replaced by asking that source for one more. (A callback,
    /// not an array of outputs: in this unspecialised code each `[Output]` made per value cost run-time
    /// metadata look-ups and an allocation.)
    mutating func value(_ value: Input, index: Int, emit: (Output) -> Void) -> Bool
    /// Records that source `index` finished; returns `true` if the whole operator is now finished.
    mutating func finished(index: Int) -> Bool
    /// After outputs were produced: `true` if the operator is now finished (e.g. zip with a finished,
    /// drained source).
    func isExhausted() -> Bool
}

/// The inner object shared by `CombineLatestMany`, `ZipMany` and `MergeAll`.
///
/// Demand: each downstream request is passed to every source that has not finished. Outputs beyond
/// downstream demand (possible when several sources answer the same request) wait in the delivery
/// queue; none is dropped. A value that produces no output is replaced by asking its source for one
/// more. The first failure fails the operator and cancels the other sources.
internal final class MultiSourceInner<Source: Publisher, Rule: MultiSourceRule>: IndexedSourceParent, Subscription, CustomStringConvertible, @unchecked Sendable
    where Rule.Input == Source.Output, Rule.Failure == Source.Failure {
    typealias SourceOutput = Source.Output
    typealias SourceFailure = Source.Failure

    private let lock = Lock()
    private var queue: DeliveryQueue<Rule.Output, Rule.Failure>!
    private var rule: Rule
    private var subscriptions: [Subscription?]
    private var done: [Bool]
    private var requested = Subscribers.Demand.none
    private var terminated = false
    let description: String

    init<S: Subscriber>(downstream: S, count: Int, name: String) where S.Input == Rule.Output, S.Failure == Rule.Failure {
        rule = Rule(count: count)
        subscriptions = Array(repeating: nil, count: count)
        done = Array(repeating: false, count: count)
        description = name
        queue = DeliveryQueue(downstream) { [unowned self] demand in self.downstreamDemanded(demand) }
    }

    func start(_ sources: [Source]) {
        queue.start(self)
        if sources.isEmpty {
            lock.withLock { terminated = true }
            queue.finish(.finished)
            return
        }
        for (index, source) in sources.enumerated() {
            if lock.withLock({ terminated }) { break }
            source.subscribe(IndexedSourceSink(parent: self, index: index))
        }
    }

    private func downstreamDemanded(_ demand: Subscribers.Demand) {
        let targets: [Subscription] = lock.withLock {
            requested += demand
            return subscriptions.compactMap { $0 }
        }
        targets.forEach { $0.request(demand) }
    }

    func sourceSubscribed(_ subscription: Subscription, index: Int) {
        let demand: Subscribers.Demand? = lock.withLock {
            guard !terminated, !done[index] else { return nil }
            subscriptions[index] = subscription
            return requested
        }
        guard let demand else {
            subscription.cancel()
            return
        }
        if demand > 0 { subscription.request(demand) }
    }

    func sourceValue(_ value: Source.Output, index: Int) -> Subscribers.Demand {
        lock.lock()
        guard !terminated, !done[index] else {
            lock.unlock()
            return .none
        }
        // Enqueue under the operator's lock so that outputs keep the order in which they were made.
        let queue = self.queue!
        let replenish = rule.value(value, index: index) { queue.enqueue($0) }
        let others: [Subscription] = rule.isExhausted() ? finishExhaustedLocked() : []
        lock.unlock()
        others.forEach { $0.cancel() }
        queue.drain()
        return replenish ? .max(1) : .none
    }

    /// After a value left the rule exhausted: terminates and queues the completion; returns the
    /// subscriptions to cancel. Call with the lock held. Out of line, so that `sourceValue` needs no
    /// `Completion` metadata (an accessor the optimiser would otherwise hoist onto every value's path).
    @inline(never)
    private func finishExhaustedLocked() -> [Subscription] {
        let others = terminate()
        queue.enqueue(completion: .finished)
        return others
    }

    func sourceCompleted(_ completion: Subscribers.Completion<Source.Failure>, index: Int) {
        lock.lock()
        guard !terminated, !done[index] else {
            lock.unlock()
            return
        }
        done[index] = true
        subscriptions[index] = nil
        let finished: Bool
        switch completion {
        case .failure: finished = true
        case .finished: finished = rule.finished(index: index)
        }
        guard finished else {
            lock.unlock()
            return
        }
        let others = terminate()
        queue.enqueue(completion: completion)
        lock.unlock()
        others.forEach { $0.cancel() }
        queue.drain()
    }

    /// Call with the lock held.
    private func terminate() -> [Subscription] {
        terminated = true
        defer { subscriptions = subscriptions.map { _ in nil } }
        return subscriptions.compactMap { $0 }
    }

    func request(_ demand: Subscribers.Demand) { queue.request(demand) }

    func cancel() {
        queue.cancel()
        let all: [Subscription] = lock.withLock { terminate() }
        all.forEach { $0.cancel() }
    }
}
