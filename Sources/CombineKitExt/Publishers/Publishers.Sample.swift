import CombineKit
import ReactiveBridgePrimitives

extension Publisher {
    /// On each value (or the completion) of `sampler`, emits the latest upstream value received
    /// since the previous sample, or `defaultValue` if there is none and it is not `nil`
    /// (RxSwift 6's `sample(_:defaultValue:)`).
    ///
    /// As in RxSwift: upstream finishing only marks the end; the result finishes at the next sampler
    /// event (after emitting the pending value). A failure of either fails the result. Demand: both
    /// upstream and sampler are asked for `.unlimited` (only the latest value matters, and ticks are
    /// time); samples beyond downstream demand wait in a queue, so none is lost.
    public func sample<Sampler: Publisher>(_ sampler: Sampler, defaultValue: Output? = nil) -> Publishers.Sample<Self, Sampler>
        where Sampler.Failure == Failure {
        Publishers.Sample(upstream: self, sampler: sampler, defaultValue: defaultValue)
    }
}

extension Publishers {
    /// See `Publisher.sample(_:defaultValue:)`.
    public struct Sample<Upstream: Publisher, Sampler: Publisher>: Publisher where Sampler.Failure == Upstream.Failure {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        public let upstream: Upstream
        public let sampler: Sampler
        public let defaultValue: Output?

        public init(upstream: Upstream, sampler: Sampler, defaultValue: Output?) {
            self.upstream = upstream
            self.sampler = sampler
            self.defaultValue = defaultValue
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = SampleInner<Output, Failure>(downstream: subscriber, defaultValue: defaultValue)
            inner.queue.start(inner)
            upstream.subscribe(IndexedSourceSink(parent: SampleSourceAdapter<Output, Failure>(inner), index: 0))
            sampler.subscribe(SamplerSink<Sampler.Output, Output, Failure>(parent: inner))
        }
    }
}

private final class SampleInner<Output, Failure: Error>: Subscription, CustomStringConvertible, @unchecked Sendable {
    let queue: DeliveryQueue<Output, Failure>
    private let lock = Lock()
    private let defaultValue: Output?
    private var latest: Output?
    private var atEnd = false
    private var terminated = false
    private var sourceSubscription: Subscription?
    private var samplerSubscription: Subscription?

    init<S: Subscriber>(downstream: S, defaultValue: Output?) where S.Input == Output, S.Failure == Failure {
        queue = DeliveryQueue(downstream)
        self.defaultValue = defaultValue
    }

    var description: String { "Sample" }

    func subscribed(_ subscription: Subscription, sampler: Bool) {
        let accepted: Bool = lock.withLock {
            guard !terminated else { return false }
            if sampler { samplerSubscription = subscription } else { sourceSubscription = subscription }
            return true
        }
        if accepted { subscription.request(.unlimited) } else { subscription.cancel() }
    }

    func sourceValue(_ value: Output) {
        lock.withLock { if !terminated && !atEnd { latest = value } }
    }

    func sourceCompleted(_ completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: lock.withLock { atEnd = true; sourceSubscription = nil }
        case .failure: fail(completion)
        }
    }

    /// A sampler value or normal completion.
    func tick() {
        let (sample, end, others): (Output?, Bool, [Subscription]) = lock.withLock {
            guard !terminated else { return (nil, false, []) }
            let sample = latest ?? defaultValue
            latest = nil
            guard atEnd else { return (sample, false, []) }
            return (sample, true, terminate())
        }
        others.forEach { $0.cancel() }
        if let sample { queue.send(sample) }
        if end { queue.finish(.finished) }
    }

    func fail(_ completion: Subscribers.Completion<Failure>) {
        let (wasActive, others): (Bool, [Subscription]) = lock.withLock {
            guard !terminated else { return (false, []) }
            return (true, terminate())
        }
        guard wasActive else { return }
        others.forEach { $0.cancel() }
        queue.finish(completion)
    }

    /// Call with the lock held.
    private func terminate() -> [Subscription] {
        terminated = true
        defer { sourceSubscription = nil; samplerSubscription = nil }
        return [sourceSubscription, samplerSubscription].compactMap { $0 }
    }

    func request(_ demand: Subscribers.Demand) { queue.request(demand) }

    func cancel() {
        queue.cancel()
        let others: [Subscription] = lock.withLock { terminate() }
        others.forEach { $0.cancel() }
    }
}

/// Lets the upstream of `sample` use `IndexedSourceSink`.
private final class SampleSourceAdapter<Output, Failure: Error>: IndexedSourceParent, @unchecked Sendable {
    private let inner: SampleInner<Output, Failure>
    init(_ inner: SampleInner<Output, Failure>) { self.inner = inner }
    func sourceSubscribed(_ subscription: Subscription, index: Int) { inner.subscribed(subscription, sampler: false) }
    func sourceValue(_ value: Output, index: Int) -> Subscribers.Demand {
        inner.sourceValue(value)
        return .none
    }
    func sourceCompleted(_ completion: Subscribers.Completion<Failure>, index: Int) { inner.sourceCompleted(completion) }
}

private final class SamplerSink<Input, Output, Failure: Error>: Subscriber, CustomStringConvertible, @unchecked Sendable {
    private let parent: SampleInner<Output, Failure>
    init(parent: SampleInner<Output, Failure>) { self.parent = parent }
    var description: String { "Sample.Sampler" }
    func receive(subscription: Subscription) { parent.subscribed(subscription, sampler: true) }
    func receive(_ input: Input) -> Subscribers.Demand {
        parent.tick()
        return .none
    }
    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: parent.tick()
        case .failure: parent.fail(completion)
        }
    }
}
