import ReactiveBridgePrimitives

extension Publisher {
    /// Prints log messages for all publishing events (to standard output, or to `stream`).
    public func print(_ prefix: String = "", to stream: TextOutputStream? = nil) -> Publishers.Print<Self> {
        Publishers.Print(upstream: self, prefix: prefix, to: stream)
    }
}

extension Publishers {
    /// A publisher that prints log messages for all publishing events, optionally prefixed with a given string.
    public struct Print<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let prefix: String
        public let upstream: Upstream
        public let stream: TextOutputStream?

        public init(upstream: Upstream, prefix: String, to stream: TextOutputStream? = nil) {
            self.upstream = upstream
            self.prefix = prefix
            self.stream = stream
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(Inner(downstream: subscriber, prefix: prefix, stream: stream))
        }
    }
}

extension Publishers.Print {
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
    {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        let lock = Lock()
        @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
        private let downstream: Downstream
        private let prefix: String
        private var stream: TextOutputStream?
        private let streamLock = Lock()

        init(downstream: Downstream, prefix: String, stream: TextOutputStream?) {
            self.downstream = downstream
            self.prefix = prefix.isEmpty ? "" : prefix + ": "
            self.stream = stream
        }

        var description: String { "Print" }
        var customMirror: Mirror { Mirror(self, children: [:]) }

        private func log(_ message: String) {
            let line = prefix + message
            streamLock.lock()
            if stream != nil {
                stream!.write(line + "\n")
                streamLock.unlock()
            } else {
                streamLock.unlock()
                Swift.print(line)
            }
        }

        private func describe(_ demand: Subscribers.Demand) -> String {
            demand == .unlimited ? "unlimited" : "max: (\(demand.max ?? 0))"
        }

        func receive(subscription: Subscription) {
            guard acceptSubscription(subscription) else { return }
            log("receive subscription: (\(subscription))")
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            guard isActive() else { return .none }
            log("receive value: (\(input))")
            let more = downstream.receive(input)
            if more > 0 { log("request \(describe(more)) (synchronous)") }
            return more
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            guard markTerminal() else { return }
            switch completion {
            case .finished: log("receive finished")
            case .failure(let error): log("receive error: (\(error))")
            }
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            demand.assertNonZero()
            log("request \(describe(demand))")
            forwardRequest(demand)
        }

        func cancel() {
            if isActive() { log("receive cancel") }
            forwardCancel()
        }
    }
}

extension Publishers.Print.Inner: PlaygroundShowsDescription {}
