import CombineKit
import ReactiveBridgePrimitives

extension Publisher {
    /// Mirrors whichever of this publisher and `other` sends an event (value or completion) first,
    /// and cancels the other (RxSwift's `amb(_:)`).
    ///
    /// Demand: until a winner is known, every downstream request is passed to both sources; after
    /// that, only to the winner. Difference from RxSwift: a hot source that emits while downstream
    /// has no demand has its value dropped by its subject, so it cannot win with that value.
    public func amb<Other: Publisher>(_ other: Other) -> Publishers.Amb<AnyPublisher<Output, Failure>>
        where Other.Output == Output, Other.Failure == Failure {
        Publishers.Amb([eraseToAnyPublisher(), other.eraseToAnyPublisher()])
    }
}

extension Collection where Element: Publisher {
    /// Mirrors whichever publisher of the collection sends an event first (RxSwift's
    /// `Observable.amb(_:)`). An empty collection never emits, as in RxSwift.
    public func amb() -> Publishers.Amb<Element> {
        Publishers.Amb(Array(self))
    }
}

extension Publishers {
    /// See `Publisher.amb(_:)`.
    public struct Amb<Source: Publisher>: Publisher {
        public typealias Output = Source.Output
        public typealias Failure = Source.Failure

        /// The competing publishers.
        public let sources: [Source]

        public init(_ sources: [Source]) { self.sources = sources }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let inner = AmbInner<Source>(downstream: subscriber, count: sources.count)
            inner.start(sources)
        }
    }
}

private final class AmbInner<Source: Publisher>: IndexedSourceParent, Subscription, CustomStringConvertible, @unchecked Sendable {
    typealias SourceOutput = Source.Output
    typealias SourceFailure = Source.Failure

    private let lock = Lock()
    private var queue: DeliveryQueue<Source.Output, Source.Failure>!
    private var subscriptions: [Subscription?]
    private var winner: Int?
    private var requested = Subscribers.Demand.none
    private var terminated = false

    init<S: Subscriber>(downstream: S, count: Int) where S.Input == Source.Output, S.Failure == Source.Failure {
        subscriptions = Array(repeating: nil, count: count)
        queue = DeliveryQueue(downstream) { [unowned self] demand in self.downstreamDemanded(demand) }
    }

    var description: String { "Amb" }

    func start(_ sources: [Source]) {
        queue.start(self)
        for (index, source) in sources.enumerated() {
            if lock.withLock({ terminated || (winner != nil) }) { break }
            source.subscribe(IndexedSourceSink(parent: self, index: index))
        }
    }

    private func downstreamDemanded(_ demand: Subscribers.Demand) {
        let targets: [Subscription] = lock.withLock {
            requested += demand
            if let winner { return subscriptions[winner].map { [$0] } ?? [] }
            return subscriptions.compactMap { $0 }
        }
        targets.forEach { $0.request(demand) }
    }

    /// Makes `index` the winner if there is none yet; returns the losers to cancel, or `nil` if the
    /// event must be ignored (another source already won).
    private func claim(_ index: Int) -> [Subscription]? {
        lock.withLock {
            guard !terminated else { return nil }
            if let winner { return winner == index ? [] : nil }
            winner = index
            var losers: [Subscription] = []
            for (other, subscription) in subscriptions.enumerated() where other != index {
                if let subscription { losers.append(subscription) }
                subscriptions[other] = nil
            }
            return losers
        }
    }

    func sourceSubscribed(_ subscription: Subscription, index: Int) {
        let demand: Subscribers.Demand? = lock.withLock {
            guard !terminated, winner == nil || winner == index else { return nil }
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
        guard let losers = claim(index) else { return .none }
        losers.forEach { $0.cancel() }
        queue.send(value)
        return .none
    }

    func sourceCompleted(_ completion: Subscribers.Completion<Source.Failure>, index: Int) {
        guard let losers = claim(index) else { return }
        lock.withLock {
            terminated = true
            subscriptions[index] = nil
        }
        losers.forEach { $0.cancel() }
        queue.finish(completion)
    }

    func request(_ demand: Subscribers.Demand) { queue.request(demand) }

    func cancel() {
        queue.cancel()
        let all: [Subscription] = lock.withLock {
            terminated = true
            defer { subscriptions = subscriptions.map { _ in nil } }
            return subscriptions.compactMap { $0 }
        }
        all.forEach { $0.cancel() }
    }
}
