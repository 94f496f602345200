import ReactiveBridgePrimitives

extension Publisher {
    /// Transforms elements by providing the current element to a closure along with the last value
    /// returned by the closure, publishing each intermediate result.
    public func scan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T) -> Publishers.Scan<Self, T> {
        Publishers.Scan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }
}

extension Publishers {
    /// A publisher that publishes each intermediate result of accumulating the upstream's elements.
    public struct Scan<Upstream: Publisher, Output>: Publisher {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let initialResult: Output
        public let nextPartialResult: (Output, Upstream.Output) -> Output

        public init(upstream: Upstream, initialResult: Output, nextPartialResult: @escaping (Output, Upstream.Output) -> Output) {
            self.upstream = upstream
            self.initialResult = initialResult
            self.nextPartialResult = nextPartialResult
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(PassingInner(downstream: subscriber, initial: initialResult, next: nextPartialResult))
        }
    }
}

extension Publishers.Scan {
    /// `scan`'s subscriber, as Combine's: the upstream's subscription goes straight to the downstream, so
    /// `request(_:)` and `cancel()` reach the upstream unchanged, and each element returns the downstream's
    /// demand. The accumulated value is only touched by `receive(_:)`, which the upstream calls serially.
    fileprivate final class PassingInner<Downstream: Subscriber>: Subscriber, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Output, Downstream.Failure == Upstream.Failure
    {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let downstream: Downstream
        @exclusivity(unchecked) private var accumulator: Output
        private let next: (Output, Input) -> Output

        init(downstream: Downstream, initial: Output, next: @escaping (Output, Input) -> Output) {
            self.downstream = downstream
            self.accumulator = initial
            self.next = next
        }

        var description: String { "Scan" }
        var customMirror: Mirror { Mirror(self, children: ["downstream": downstream, "result": accumulator]) }

        func receive(subscription: Subscription) {
            downstream.receive(subscription: subscription)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            accumulator = next(accumulator, input)
            return downstream.receive(accumulator)
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            downstream.receive(completion: completion)
        }
    }

    /// `tryScan`'s inner: a subscription of its own, since a thrown error has to cancel the upstream and fail
    /// the stream (the downstream's failure is `Error`).
    ///
    /// Per value: one atomic load (`isActive()`), the closure, the call downstream. The accumulated value is
    /// only touched by `receive(_:)`, which the upstream calls serially, so it needs no exclusivity check; a
    /// thrown error is handled out of line, so the per-value path looks up no `Completion` type.
    internal final class Inner<Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Output
    {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        // The lock lives in the inner (one heap block per subscription): must stay the first stored property
        // (see `InlineLockStorage`).
        private var lockStorage = InlineLockStorage()
        @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
        private let downstream: Downstream
        @exclusivity(unchecked) private var accumulator: Output
        private let next: (Output, Input) throws -> Output
        private let name: String

        init(downstream: Downstream, initial: Output, next: @escaping (Output, Input) throws -> Output, name: String) {
            self.downstream = downstream
            self.accumulator = initial
            self.next = next
            self.name = name
            lock.initialize()
            assert(lock.isAt(&lockStorage), "Scan.Inner: the inline lock must be the first stored property")
        }

        deinit { lock.destroy() }

        var lock: InlineLock { InlineLock(in: self) }

        var description: String { name }
        // Combine's TryScan also shows its upstream subscription's status; Scan does not.
        var customMirror: Mirror {
            name == "TryScan" ? Mirror(self, children: ["downstream": downstream, "status": status, "result": accumulator])
                : Mirror(self, children: ["downstream": downstream, "result": accumulator])
        }

        func receive(subscription: Subscription) {
            if acceptSubscription(subscription) { downstream.receive(subscription: self) }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            guard isActive() else { return .none }
            do {
                accumulator = try next(accumulator, input)
            } catch {
                fail(with: error)
                return .none
            }
            return downstream.receive(accumulator)
        }

        /// `tryScan`'s closure threw: cancel the upstream and fail downstream (the failure type is `Error`).
        @inline(never)
        private func fail(with error: Error) {
            if terminateAndCancelUpstream() { downstream.receive(completion: .failure(error as! Downstream.Failure)) }
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            guard markTerminal() else { return }
            switch completion {
            case .finished: downstream.receive(completion: .finished)
            case .failure(let error): downstream.receive(completion: .failure(error as! Downstream.Failure))
            }
        }

        func request(_ demand: Subscribers.Demand) { forwardRequest(demand) }
        func cancel() { forwardCancelUnlessAwaitingSubscription() }
    }
}

extension Publishers.Scan.PassingInner: PlaygroundShowsDescription {}
extension Publishers.Scan.Inner: PlaygroundShowsDescription {}
