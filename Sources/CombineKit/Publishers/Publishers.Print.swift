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

// As Combine's, `print` is transparent: it logs every event it sees and passes each on unchanged, even from an
// ill-behaved upstream (a value before the subscription or after the completion, a second completion), so
// adding it to a pipeline shows what happens there without changing what the downstream receives. Only a
// second subscription is cancelled, and a cancel is passed upstream once. Each message is written as
// `Swift.print(message, to: &stream)` writes it (an empty prefix, the message, the terminator).
extension Publishers.Print {
    fileprivate final class Inner<Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable
        where Downstream.Input == Upstream.Output, Downstream.Failure == Upstream.Failure
    {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        /// `TextOutputStream` over the existential, for `Swift.print(_:to:)`.
        private struct Target: TextOutputStream {
            let stream: TextOutputStream
            mutating func write(_ string: String) {
                var stream = self.stream
                stream.write(string)
            }
        }

        let lock = Lock()
        @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
        private let downstream: Downstream
        private let prefix: String
        private let target: Target?
        /// Serialises the writes to `stream`: a custom stream need not be thread-safe.
        private let streamLock = Lock()

        init(downstream: Downstream, prefix: String, stream: TextOutputStream?) {
            self.downstream = downstream
            self.prefix = prefix.isEmpty ? "" : prefix + ": "
            self.target = stream.map { Target(stream: $0) }
        }

        var description: String { "Print" }
        var customMirror: Mirror { Mirror(self, children: [:]) }

        private func log(_ message: String) {
            let line = prefix + message
            if var target {
                streamLock.lock()
                Swift.print(line, to: &target)
                streamLock.unlock()
            } else {
                Swift.print(line)
            }
        }

        private func describe(_ demand: Subscribers.Demand) -> String {
            demand.max.map { "max: (\($0))" } ?? "unlimited"
        }

        func receive(subscription: Subscription) {
            log("receive subscription: (\(subscription))")
            guard acceptSubscription(subscription) else { return }
            downstream.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            log("receive value: (\(input))")
            let more = downstream.receive(input)
            if more != .none { log("request \(describe(more)) (synchronous)") }
            return more
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            switch completion {
            case .finished: log("receive finished")
            case .failure(let error): log("receive error: (\(error))")
            }
            lock.lock()
            let previous = status.take()
            lock.unlock()
            _ = consume previous
            downstream.receive(completion: completion)
        }

        func request(_ demand: Subscribers.Demand) {
            log("request \(describe(demand))")
            lock.lock()
            let subscription = status.copySubscription()
            lock.unlock()
            subscription?.request(demand)
        }

        func cancel() {
            log("receive cancel")
            lock.lock()
            // Before the subscription nothing changes: a subscription arriving later is passed on (as in Combine).
            guard status.isSubscribed else {
                lock.unlock()
                return
            }
            let previous = status.take()
            lock.unlock()
            if case .subscribed(let subscription) = consume previous { subscription.cancel() }
        }
    }
}

extension Publishers.Print.Inner: PlaygroundShowsDescription {}
