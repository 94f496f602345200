import ReactiveBridgePrimitives

extension Publisher {
    /// Republishes elements up to the specified maximum count, then finishes.
    public func prefix(_ maxLength: Int) -> Publishers.Output<Self> {
        precondition(maxLength >= 0, "prefix(_:) was given a negative maxLength (\(maxLength)); pass 0 or more.")
        return Publishers.Output(upstream: self, range: 0..<maxLength)
    }

    /// Publishes a specific element, indicated by its index in the sequence of published elements, then finishes.
    public func output(at index: Int) -> Publishers.Output<Self> {
        precondition(index >= 0, "output(at:) was given a negative index (\(index)); indexes start at 0.")
        return Publishers.Output(upstream: self, range: index..<(index + 1))
    }

    /// Publishes elements specified by their range in the sequence of published elements, then finishes.
    public func output<R: RangeExpression>(in range: R) -> Publishers.Output<Self> where R.Bound == Int {
        Publishers.Output(upstream: self, range: range.outputPositions())
    }
}

extension RangeExpression where Bound == Int {
    /// The positions `output(in:)` selects: the range read against every position from 0 on, which must
    /// not start below 0. `Optional.Publisher`'s specialisation uses it as well.
    internal func outputPositions() -> Range<Int> {
        let positions = relative(to: 0..<Int.max)
        precondition(positions.lowerBound >= 0, "output(in:) was given a range starting below 0 (\(positions)); indexes start at 0.")
        return positions
    }
}

extension Publishers {
    /// A publisher that publishes elements specified by a range in the sequence of published
    /// elements. Skipped elements ask the upstream for one more; reaching the end of the range
    /// finishes and cancels the upstream.
    public struct Output<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let range: CountableRange<Int>

        public init(upstream: Upstream, range: CountableRange<Int>) {
            precondition(range.lowerBound >= 0, "output(in:) was given a range starting below 0 (\(range)); indexes start at 0.")
            self.upstream = upstream
            self.range = range
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, range: range))
        }
    }
}

extension Publishers.Output {
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
    {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        let lock = Lock()
        @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
        private let downstream: Downstream
        private let range: CountableRange<Int>
        private var index = 0

        init(downstream: Downstream, range: CountableRange<Int>) {
            self.downstream = downstream
            self.range = range
        }

        var description: String { "Output" }
        var customMirror: Mirror { Mirror(self, children: [:]) }

        func receive(subscription: Subscription) {
            guard acceptSubscription(subscription) else { return }
            // An empty range publishes nothing: end before the downstream's first request can reach a
            // synchronous upstream (which would otherwise deliver values during `receive(subscription:)`).
            let finishesAtOnce = range.isEmpty && terminateAndCancelUpstream()
            downstream.receive(subscription: self)
            if finishesAtOnce {
                downstream.receive(completion: .finished)
            }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.lock()
            guard status.isSubscribed else {
                lock.unlock()
                return .none
            }
            let position = index
            index += 1
            lock.unlock()
            if position < range.lowerBound { return .max(1) }
            let isLast = position == range.upperBound - 1
            let more = downstream.receive(input)
            // The last element of the range finishes and cancels the upstream, and still returns the
            // downstream's demand, as Combine's does (OpenCombine OutputTests).
            if isLast, terminateAndCancelUpstream() {
                downstream.receive(completion: .finished)
            }
            return more
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            if markTerminal() { downstream.receive(completion: completion) }
        }

        func request(_ demand: Subscribers.Demand) { forwardRequest(demand) }
        func cancel() { forwardCancelUnlessAwaitingSubscription() }
    }
}

extension Publishers.Output.Inner: PlaygroundShowsDescription {}
