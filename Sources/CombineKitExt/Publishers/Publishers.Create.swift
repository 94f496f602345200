import CombineKit
import ReactiveBridgePrimitives

/// The handle given to the closure of `AnyPublisher.create` for sending events (RxSwift's
/// `AnyObserver` inside `Observable.create`). Events after a completion, or after the subscriber
/// cancelled, are ignored. Safe to use from any thread.
public struct PublisherEmitter<Output, Failure: Error>: @unchecked Sendable {
    fileprivate let subscription: CreateSubscription<Output, Failure>

    /// Sends a value; it waits for the subscriber's demand (nothing is dropped).
    public func send(_ value: Output) { subscription.emit(value) }

    /// Ends the stream; buffered values are delivered first. Runs the cancellation at once.
    public func send(completion: Subscribers.Completion<Failure>) { subscription.emit(completion: completion) }
}

extension PublisherEmitter where Output == Void {
    /// Sends `()`.
    public func send() { send(()) }
}

extension AnyPublisher {
    /// Creates a publisher from a closure that runs for each subscriber (RxSwift's
    /// `Observable.create`). The closure gets an emitter and returns a `Cancellable` that releases
    /// what it set up (for example invalidates a notification token). That cancellable runs exactly
    /// once, when the subscription ends: when the closure sends a completion, or when the subscriber
    /// cancels — even if that happens before the closure has returned it.
    ///
    /// Demand: the closure pushes as RxSwift's does; values beyond the subscriber's demand wait in
    /// an unbounded queue and the completion waits behind them.
    public static func create(_ body: @escaping (PublisherEmitter<Output, Failure>) -> Cancellable) -> AnyPublisher<Output, Failure> {
        Publishers.Create(body).eraseToAnyPublisher()
    }
}

extension Publishers {
    /// A publisher built from a closure. See `AnyPublisher.create(_:)`.
    public struct Create<Output, Failure: Error>: Publisher {
        /// Runs once per subscription.
        public let body: (PublisherEmitter<Output, Failure>) -> Cancellable

        public init(_ body: @escaping (PublisherEmitter<Output, Failure>) -> Cancellable) {
            self.body = body
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let subscription = CreateSubscription<Output, Failure>(downstream: subscriber)
            subscription.queue.start(subscription)
            guard !subscription.queue.isClosed else { return }  // cancelled from receive(subscription:)
            let cleanup = body(PublisherEmitter(subscription: subscription))
            subscription.attach(cleanup)
        }
    }
}

/// The subscription of `Publishers.Create`: a delivery queue plus the once-only cleanup.
fileprivate final class CreateSubscription<Output, Failure: Error>: Subscription, CustomStringConvertible, @unchecked Sendable {
    let queue: DeliveryQueue<Output, Failure>
    private let lock = Lock()
    private var cleanup: Cancellable?
    private var ended = false
    private var cleanedUp = false

    init<S: Subscriber>(downstream: S) where S.Input == Output, S.Failure == Failure {
        queue = DeliveryQueue(downstream)
    }

    var description: String { "Create" }

    func emit(_ value: Output) { queue.send(value) }

    func emit(completion: Subscribers.Completion<Failure>) {
        guard queue.enqueue(completion: completion) else { return }
        end()
        queue.drain()
    }

    /// Stores the closure's cancellable, or runs it at once if the subscription already ended.
    func attach(_ cancellable: Cancellable) {
        let runNow: Bool = lock.withLock {
            guard !cleanedUp else { return false }
            if ended {
                cleanedUp = true
                return true
            }
            cleanup = cancellable
            return false
        }
        if runNow { cancellable.cancel() }
    }

    private func end() {
        let toRun: Cancellable? = lock.withLock {
            guard !ended else { return nil }
            ended = true
            guard let cleanup else { return nil }
            cleanedUp = true
            self.cleanup = nil
            return cleanup
        }
        toRun?.cancel()
    }

    func request(_ demand: Subscribers.Demand) { queue.request(demand) }

    func cancel() {
        queue.cancel()
        end()
    }
}
