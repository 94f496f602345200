import ReactiveBridgePrimitives

extension Publisher where Failure == Never {
    /// The elements produced by the publisher, as an asynchronous sequence.
    public var values: AsyncPublisher<Self> {
        AsyncPublisher(self)
    }
}

extension Publisher {
    /// The elements produced by the publisher, as a throwing asynchronous sequence.
    public var values: AsyncThrowingPublisher<Self> {
        AsyncThrowingPublisher(self)
    }
}

/// A publisher that exposes its elements as an asynchronous sequence. The iterator subscribes on
/// its first `next()` and requests one element per `next()`; cancelling the task cancels the subscription.
public struct AsyncPublisher<P: Publisher>: AsyncSequence where P.Failure == Never {
    public typealias Element = P.Output

    private let publisher: P

    /// Creates a publisher that exposes elements received from an upstream publisher as a asynchronous sequence.
    public init(_ publisher: P) {
        self.publisher = publisher
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(publisher)
    }

    /// The iterator that produces elements of the asynchronous publisher sequence.
    public struct Iterator: AsyncIteratorProtocol {
        private let bridge: AsyncBridge<P.Output, Never>
        private let lifetime: AsyncIteratorLifetime
        private let publisher: P

        init(_ publisher: P) {
            self.publisher = publisher
            self.bridge = AsyncBridge()
            self.lifetime = AsyncIteratorLifetime(bridge.cancel)
        }

        public mutating func next() async -> P.Output? {
            bridge.subscribeIfNeeded(publisher)
            let bridge = self.bridge
            let result = await withTaskCancellationHandler {
                await bridge.next()
            } onCancel: {
                bridge.cancel()
            }
            switch result {
            case .success(let value): return value
            }
        }
    }
}

/// A publisher that exposes its elements as a throwing asynchronous sequence (a failure is thrown).
public struct AsyncThrowingPublisher<P: Publisher>: AsyncSequence {
    public typealias Element = P.Output

    private let publisher: P

    /// Creates a publisher that exposes elements received from an upstream publisher as a throwing asynchronous sequence.
    public init(_ publisher: P) {
        self.publisher = publisher
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(publisher)
    }

    /// The iterator that produces elements of the asynchronous publisher sequence.
    public struct Iterator: AsyncIteratorProtocol {
        private let bridge: AsyncBridge<P.Output, P.Failure>
        private let lifetime: AsyncIteratorLifetime
        private let publisher: P

        init(_ publisher: P) {
            self.publisher = publisher
            self.bridge = AsyncBridge()
            self.lifetime = AsyncIteratorLifetime(bridge.cancel)
        }

        public mutating func next() async throws -> P.Output? {
            bridge.subscribeIfNeeded(publisher)
            let bridge = self.bridge
            let result = await withTaskCancellationHandler {
                await bridge.next()
            } onCancel: {
                bridge.cancel()
            }
            return try result.get()
        }
    }
}

/// Cancels the subscription when the iterator goes away (e.g. after `break` in a `for await` loop).
internal final class AsyncIteratorLifetime {
    private let onEnd: () -> Void
    init(_ onEnd: @escaping () -> Void) { self.onEnd = onEnd }
    deinit { onEnd() }
}

/// The subscriber behind `values`: hands one element per `next()` to a waiting continuation.
internal final class AsyncBridge<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    typealias Outcome = Result<Input?, Failure>

    private let lock = Lock()
    private var subscribed = false
    private var subscription: Subscription?
    private var waiting: UnsafeContinuation<UncheckedSendable<Outcome>, Never>?
    private var pendingRequest = false
    private var ready: [Outcome] = []
    private var terminal: Outcome?

    func subscribeIfNeeded<P: Publisher>(_ publisher: P) where P.Output == Input, P.Failure == Failure {
        lock.lock()
        let first = !subscribed
        subscribed = true
        lock.unlock()
        if first { publisher.subscribe(self) }
    }

    func next() async -> Outcome {
        let box = await withUnsafeContinuation { (continuation: UnsafeContinuation<UncheckedSendable<Outcome>, Never>) in
            lock.lock()
            if !ready.isEmpty {
                let outcome = ready.removeFirst()
                lock.unlock()
                continuation.resume(returning: UncheckedSendable(outcome))
                return
            }
            if let terminal = terminal {
                lock.unlock()
                continuation.resume(returning: UncheckedSendable(terminal))
                return
            }
            waiting = continuation
            let subscription = self.subscription
            if subscription == nil { pendingRequest = true }
            lock.unlock()
            subscription?.request(.max(1))
        }
        return box.value
    }

    func cancel() {
        lock.lock()
        let subscription = self.subscription
        self.subscription = nil
        terminal = .success(nil)
        let waiting = self.waiting
        self.waiting = nil
        lock.unlock()
        subscription?.cancel()
        waiting?.resume(returning: UncheckedSendable(.success(nil)))
    }

    func receive(subscription: Subscription) {
        lock.lock()
        guard self.subscription == nil, terminal == nil else {
            lock.unlock()
            subscription.cancel()
            return
        }
        self.subscription = subscription
        let request = pendingRequest
        pendingRequest = false
        lock.unlock()
        if request { subscription.request(.max(1)) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        deliver(.success(input))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        let outcome: Outcome
        switch completion {
        case .finished: outcome = .success(nil)
        case .failure(let error): outcome = .failure(error)
        }
        terminal = outcome
        subscription = nil
        let waiting = self.waiting
        self.waiting = nil
        lock.unlock()
        waiting?.resume(returning: UncheckedSendable(outcome))
    }

    private func deliver(_ outcome: Outcome) {
        lock.lock()
        if let waiting = waiting {
            self.waiting = nil
            lock.unlock()
            waiting.resume(returning: UncheckedSendable(outcome))
        } else {
            ready.append(outcome)
            lock.unlock()
        }
    }
}
