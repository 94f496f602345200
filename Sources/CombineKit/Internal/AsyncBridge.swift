import ReactiveBridgePrimitives

/// Cancels the subscription when the iterator goes away (e.g. after `break` in a `for await` loop).
internal final class AsyncIteratorLifetime {
    private let onEnd: () -> Void
    init(_ onEnd: @escaping () -> Void) { self.onEnd = onEnd }
    deinit { onEnd() }
}

/// The subscriber behind `values`, subscribed when the iterator is made (as Combine's is).
///
/// Every `next()` parks one continuation and asks for one element: before the subscription arrives the
/// requests add up and are made at once when it does. Elements go to the parked continuations in order; the
/// upstream may send none it was not asked for. Completion, cancellation, or an element that arrives while
/// unsubscribed ends every parked `next()` with `nil`; a failure is thrown by the first parked `next()`, or,
/// when none is parked, by the next call. After the end every `next()` returns `nil`. Events of an
/// ill-behaved upstream after the end are ignored.
/// How many `next()` calls an async iterator's bridge holds parked: lets this package's tests wait for
/// tasks to park instead of sleeping for a guessed time.
package protocol ParkedCallCounting {
    var parkedCallCount: Int { get }
}

internal final class AsyncBridge<Input, Failure: Error>: Subscriber, Cancellable, ParkedCallCounting, @unchecked Sendable {
    typealias Outcome = Result<Input?, Failure>
    private typealias Waiter = UnsafeContinuation<UncheckedSendable<Outcome>, Never>

    private enum Stage {
        case awaitingSubscription(Subscribers.Demand)
        case subscribed(Subscription)
        case ended
    }

    private let lock = Lock()
    private var stage = Stage.awaitingSubscription(.none)
    private var waiters: [Waiter] = []
    /// A failure that arrived while no `next()` was parked, thrown by the next call.
    private var undeliveredFailure: Failure?

    package var parkedCallCount: Int { lock.withLock { waiters.count } }

    func next() async -> Outcome {
        let box = await withUnsafeContinuation { (waiter: Waiter) in
            lock.lock()
            switch stage {
            case .awaitingSubscription(let demand):
                waiters.append(waiter)
                stage = .awaitingSubscription(demand + 1)
                lock.unlock()
            case .subscribed(let subscription):
                waiters.append(waiter)
                lock.unlock()
                subscription.request(.max(1))
            case .ended:
                let failure = undeliveredFailure
                undeliveredFailure = nil
                lock.unlock()
                waiter.resume(returning: UncheckedSendable(failure.map { .failure($0) } ?? .success(nil)))
            }
        }
        return box.value
    }

    func cancel() {
        lock.lock()
        let stage = self.stage
        self.stage = .ended
        let waiters = takeWaiters()
        lock.unlock()
        if case .subscribed(let subscription) = stage {
            subscription.cancel()
        }
        Self.end(waiters)
    }

    func receive(subscription: Subscription) {
        lock.lock()
        guard case .awaitingSubscription(let demand) = stage else {
            lock.unlock()
            subscription.cancel()
            return
        }
        stage = .subscribed(subscription)
        lock.unlock()
        if demand > .none {
            subscription.request(demand)
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard case .subscribed = stage else {
            // Combine's iterator ends the parked calls on an element it cannot have asked for.
            let waiters = takeWaiters()
            lock.unlock()
            Self.end(waiters)
            return .none
        }
        precondition(!waiters.isEmpty,
                     "Publisher.values received an element it did not request: the upstream publisher must send no more elements than requested.")
        let waiter = waiters.removeFirst()
        lock.unlock()
        waiter.resume(returning: UncheckedSendable(.success(input)))
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        if case .ended = stage {
            lock.unlock()
            return
        }
        stage = .ended
        let waiters = takeWaiters()
        if case .failure(let error) = completion, waiters.isEmpty {
            undeliveredFailure = error
        }
        lock.unlock()
        guard let first = waiters.first else { return }
        switch completion {
        case .finished: first.resume(returning: UncheckedSendable(.success(nil)))
        case .failure(let error): first.resume(returning: UncheckedSendable(.failure(error)))
        }
        Self.end(waiters.dropFirst())
    }

    private func takeWaiters() -> [Waiter] {
        let taken = waiters
        waiters = []
        return taken
    }

    private static func end<C: Sequence>(_ waiters: C) where C.Element == Waiter {
        for waiter in waiters {
            waiter.resume(returning: UncheckedSendable(.success(nil)))
        }
    }
}
