import CombineKit

// RxSwift's withLatestFrom: the other sources are subscribed first; an upstream value is dropped
// until every other source has produced a value; completion of another source is ignored (its last
// value stays usable); a failure of any source fails the result; the result completes with upstream.
// (RxSwift WithLatestFrom.swift: `.completed` of the second source only disposes its subscription.)

extension Publisher {
    /// Combines each upstream value with the latest value of `other` (RxSwift's
    /// `withLatestFrom(_:resultSelector:)`).
    ///
    /// `other` is subscribed first and asked for unlimited values (only its latest is kept). Upstream
    /// is asked only for what downstream demands; an upstream value that arrives before `other` has a
    /// value is dropped and replaced by asking upstream for one more. Completes when upstream
    /// completes; fails when either fails; `other`'s normal completion is ignored.
    public func withLatestFrom<Other: Publisher, Result>(
        _ other: Other, resultSelector: @escaping (Output, Other.Output) -> Result
    ) -> Publishers.WithLatestFrom<Self, Other, Result> where Other.Failure == Failure {
        Publishers.WithLatestFrom(upstream: self, other: other, resultSelector: resultSelector)
    }

    /// Replaces each upstream value with the latest value of `other` (RxSwift's `withLatestFrom(_:)`).
    public func withLatestFrom<Other: Publisher>(_ other: Other) -> Publishers.WithLatestFrom<Self, Other, Other.Output>
        where Other.Failure == Failure {
        Publishers.WithLatestFrom(upstream: self, other: other) { $1 }
    }

    /// Combines each upstream value with the latest values of two other publishers (see
    /// `withLatestFrom(_:resultSelector:)`; RxSwift expresses this with `combineLatest` inside).
    public func withLatestFrom<Other1: Publisher, Other2: Publisher, Result>(
        _ other1: Other1, _ other2: Other2, resultSelector: @escaping (Output, Other1.Output, Other2.Output) -> Result
    ) -> Publishers.WithLatestFrom2<Self, Other1, Other2, Result> where Other1.Failure == Failure, Other2.Failure == Failure {
        Publishers.WithLatestFrom2(upstream: self, other1: other1, other2: other2, resultSelector: resultSelector)
    }

    /// Replaces each upstream value with the latest values of two other publishers.
    public func withLatestFrom<Other1: Publisher, Other2: Publisher>(
        _ other1: Other1, _ other2: Other2
    ) -> Publishers.WithLatestFrom2<Self, Other1, Other2, (Other1.Output, Other2.Output)>
        where Other1.Failure == Failure, Other2.Failure == Failure {
        Publishers.WithLatestFrom2(upstream: self, other1: other1, other2: other2) { ($1, $2) }
    }

    /// Combines each upstream value with the latest values of three other publishers.
    public func withLatestFrom<Other1: Publisher, Other2: Publisher, Other3: Publisher, Result>(
        _ other1: Other1, _ other2: Other2, _ other3: Other3,
        resultSelector: @escaping (Output, Other1.Output, Other2.Output, Other3.Output) -> Result
    ) -> Publishers.WithLatestFrom3<Self, Other1, Other2, Other3, Result>
        where Other1.Failure == Failure, Other2.Failure == Failure, Other3.Failure == Failure {
        Publishers.WithLatestFrom3(upstream: self, other1: other1, other2: other2, other3: other3, resultSelector: resultSelector)
    }

    /// Replaces each upstream value with the latest values of three other publishers.
    public func withLatestFrom<Other1: Publisher, Other2: Publisher, Other3: Publisher>(
        _ other1: Other1, _ other2: Other2, _ other3: Other3
    ) -> Publishers.WithLatestFrom3<Self, Other1, Other2, Other3, (Other1.Output, Other2.Output, Other3.Output)>
        where Other1.Failure == Failure, Other2.Failure == Failure, Other3.Failure == Failure {
        Publishers.WithLatestFrom3(upstream: self, other1: other1, other2: other2, other3: other3) { ($1, $2, $3) }
    }
}

extension Publishers {
    /// Upstream values combined with the latest value of another publisher. See
    /// `Publisher.withLatestFrom(_:resultSelector:)`.
    public struct WithLatestFrom<Upstream: Publisher, Other: Publisher, Output>: Publisher where Other.Failure == Upstream.Failure {
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let other: Other
        public let resultSelector: (Upstream.Output, Other.Output) -> Output

        public init(upstream: Upstream, other: Other, resultSelector: @escaping (Upstream.Output, Other.Output) -> Output) {
            self.upstream = upstream
            self.other = other
            self.resultSelector = resultSelector
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let selector = resultSelector
            let inner = WithLatestFromInner<Upstream.Output, Output, Failure>(downstream: subscriber, otherCount: 1) { value, latest in
                selector(value, latest[0] as! Other.Output)
            }
            inner.start { [other] in inner.subscribeOther(other, index: 0) } upstream: { upstream.subscribe(inner) }
        }
    }

    /// Upstream values combined with the latest values of two other publishers.
    public struct WithLatestFrom2<Upstream: Publisher, Other1: Publisher, Other2: Publisher, Output>: Publisher
        where Other1.Failure == Upstream.Failure, Other2.Failure == Upstream.Failure {
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let other1: Other1
        public let other2: Other2
        public let resultSelector: (Upstream.Output, Other1.Output, Other2.Output) -> Output

        public init(upstream: Upstream, other1: Other1, other2: Other2,
                    resultSelector: @escaping (Upstream.Output, Other1.Output, Other2.Output) -> Output) {
            self.upstream = upstream
            self.other1 = other1
            self.other2 = other2
            self.resultSelector = resultSelector
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let selector = resultSelector
            let inner = WithLatestFromInner<Upstream.Output, Output, Failure>(downstream: subscriber, otherCount: 2) { value, latest in
                selector(value, latest[0] as! Other1.Output, latest[1] as! Other2.Output)
            }
            inner.start { [other1, other2] in
                inner.subscribeOther(other1, index: 0)
                inner.subscribeOther(other2, index: 1)
            } upstream: { upstream.subscribe(inner) }
        }
    }

    /// Upstream values combined with the latest values of three other publishers.
    public struct WithLatestFrom3<Upstream: Publisher, Other1: Publisher, Other2: Publisher, Other3: Publisher, Output>: Publisher
        where Other1.Failure == Upstream.Failure, Other2.Failure == Upstream.Failure, Other3.Failure == Upstream.Failure {
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let other1: Other1
        public let other2: Other2
        public let other3: Other3
        public let resultSelector: (Upstream.Output, Other1.Output, Other2.Output, Other3.Output) -> Output

        public init(upstream: Upstream, other1: Other1, other2: Other2, other3: Other3,
                    resultSelector: @escaping (Upstream.Output, Other1.Output, Other2.Output, Other3.Output) -> Output) {
            self.upstream = upstream
            self.other1 = other1
            self.other2 = other2
            self.other3 = other3
            self.resultSelector = resultSelector
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let selector = resultSelector
            let inner = WithLatestFromInner<Upstream.Output, Output, Failure>(downstream: subscriber, otherCount: 3) { value, latest in
                selector(value, latest[0] as! Other1.Output, latest[1] as! Other2.Output, latest[2] as! Other3.Output)
            }
            inner.start { [other1, other2, other3] in
                inner.subscribeOther(other1, index: 0)
                inner.subscribeOther(other2, index: 1)
                inner.subscribeOther(other3, index: 2)
            } upstream: { upstream.subscribe(inner) }
        }
    }
}

/// The inner object of the `withLatestFrom` family: subscriber of upstream, subscription of
/// downstream, owner of the subscriptions to the other sources.
internal final class WithLatestFromInner<Input, Output, Failure: Error>: Subscriber, Subscription, CustomStringConvertible, @unchecked Sendable {
    private enum UpstreamState {
        case awaitingSubscription(pendingDemand: Subscribers.Demand)
        case subscribed(Subscription)
        case terminal
    }

    private let lock = ExtLock()
    // Guarded by `lock`; nothing is called out while an access lasts, so the run-time exclusivity checks
    // (which only catch same-thread overlaps) are off.
    @exclusivity(unchecked) private var upstream = UpstreamState.awaitingSubscription(pendingDemand: .none)
    @exclusivity(unchecked) private var latest: [Any?]
    @exclusivity(unchecked) private var others: [Subscription?]
    /// Set in `init`, then only read (a class: calling it is no access to this property that lasts).
    @exclusivity(unchecked) private var queue: DeliveryQueue<Output, Failure>!
    private let combine: (Input, [Any]) -> Output

    var description: String { "WithLatestFrom" }

    init<S: Subscriber>(downstream: S, otherCount: Int, combine: @escaping (Input, [Any]) -> Output)
        where S.Input == Output, S.Failure == Failure {
        latest = Array(repeating: nil, count: otherCount)
        others = Array(repeating: nil, count: otherCount)
        self.combine = combine
        queue = DeliveryQueue(downstream) { [unowned self] demand in self.forwardDemand(demand) }
    }

    /// Gives downstream its subscription, then subscribes the other sources, then upstream.
    func start(others subscribeOthers: () -> Void, upstream subscribeUpstream: () -> Void) {
        queue.start(self)
        subscribeOthers()
        if lock.withLock({ if case .terminal = upstream { return true } else { return false } }) { return }
        subscribeUpstream()
    }

    func subscribeOther<P: Publisher>(_ publisher: P, index: Int) where P.Failure == Failure {
        publisher.subscribe(WithLatestFromOtherSink<P.Output, Failure>(parent: self, index: index))
    }

    private func forwardDemand(_ demand: Subscribers.Demand) {
        lock.lock()
        switch upstream {
        case .awaitingSubscription(let pending):
            upstream = .awaitingSubscription(pendingDemand: pending + demand)
            lock.unlock()
        case .subscribed(let subscription):
            lock.unlock()
            subscription.request(demand)
        case .terminal:
            lock.unlock()
        }
    }

    // MARK: Upstream

    func receive(subscription: Subscription) {
        lock.lock()
        guard case .awaitingSubscription(let pending) = upstream else {
            lock.unlock()
            subscription.cancel()
            return
        }
        upstream = .subscribed(subscription)
        lock.unlock()
        if pending > 0 { subscription.request(pending) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard case .subscribed = upstream else {
            lock.unlock()
            return .none
        }
        let snapshot = latest
        lock.unlock()
        let values = snapshot.compactMap { $0 }
        guard values.count == snapshot.count else { return .max(1) }
        queue.send(combine(input, values))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        let otherSubscriptions: [Subscription]? = lock.withLock {
            guard case .subscribed = upstream else { return nil }
            upstream = .terminal
            defer { others = others.map { _ in nil } }
            return others.compactMap { $0 }
        }
        guard let otherSubscriptions else { return }
        otherSubscriptions.forEach { $0.cancel() }
        queue.finish(completion)
    }

    // MARK: Other sources

    func otherSubscribed(_ subscription: Subscription, index: Int) -> Bool {
        lock.withLock {
            if case .terminal = upstream { return false }
            others[index] = subscription
            return true
        }
    }

    func otherValue(_ value: Any, index: Int) {
        lock.withLock {
            if case .terminal = upstream { return }
            latest[index] = value
        }
    }

    func otherCompleted(_ completion: Subscribers.Completion<Failure>, index: Int) {
        switch completion {
        case .finished:
            lock.withLock { others[index] = nil }
        case .failure:
            let (upstreamSubscription, otherSubscriptions, wasActive) = terminate()
            guard wasActive else { return }
            upstreamSubscription?.cancel()
            otherSubscriptions.forEach { $0.cancel() }
            queue.finish(completion)
        }
    }

    // MARK: Downstream

    func request(_ demand: Subscribers.Demand) {
        queue.request(demand)
    }

    func cancel() {
        queue.cancel()
        let (upstreamSubscription, otherSubscriptions, _) = terminate()
        upstreamSubscription?.cancel()
        otherSubscriptions.forEach { $0.cancel() }
    }

    private func terminate() -> (Subscription?, [Subscription], Bool) {
        lock.withLock {
            let upstreamSubscription: Subscription?
            switch upstream {
            case .terminal: return (nil, [], false)
            case .subscribed(let subscription): upstreamSubscription = subscription
            case .awaitingSubscription: upstreamSubscription = nil
            }
            upstream = .terminal
            defer { others = others.map { _ in nil } }
            return (upstreamSubscription, others.compactMap { $0 }, true)
        }
    }
}

/// Subscribes one "other" source of `withLatestFrom` with unlimited demand and keeps its latest value.
private final class WithLatestFromOtherSink<Input, Failure: Error>: Subscriber, CustomStringConvertible, @unchecked Sendable {
    private let forward: WithLatestFromForwarder<Failure>

    /// Holds the parent weakly: the parent owns this sink's subscription, not the other way round.
    init<I, O>(parent: WithLatestFromInner<I, O, Failure>, index: Int) {
        self.forward = WithLatestFromForwarder(
            subscribed: { [weak parent] in parent?.otherSubscribed($0, index: index) ?? false },
            value: { [weak parent] in parent?.otherValue($0, index: index) },
            completed: { [weak parent] in parent?.otherCompleted($0, index: index) })
    }

    var description: String { "WithLatestFrom.Other" }

    func receive(subscription: Subscription) {
        if forward.subscribed(subscription) {
            subscription.request(.unlimited)
        } else {
            subscription.cancel()
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        forward.value(input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        forward.completed(completion)
    }
}

private struct WithLatestFromForwarder<Failure: Error> {
    let subscribed: (Subscription) -> Bool
    let value: (Any) -> Void
    let completed: (Subscribers.Completion<Failure>) -> Void
}
