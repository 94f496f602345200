import ReactiveBridgePrimitives

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
