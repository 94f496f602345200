import CombineKit
import ReactiveBridgePrimitives

/// The inner object of CombineKitExt's one-in, at-most-one-out operators (`toggle`, `mapToVoid`,
/// `enumerated`, `pairwise`, `ignoreFailure`, `onDispose`, the filters of `partition`).
///
/// Demand passes straight through: downstream demand is requested from upstream, and a value that
/// `admit` refuses is replaced by asking upstream for one more. States: awaiting subscription →
/// subscribed → terminal (finished, failed or cancelled), after which every event is ignored. `onEnd`
/// runs exactly once, when the stream ends for any reason.
///
/// Per value: `admit` (if any), then `transform`, whose result goes to the subscriber. Two closures and
/// the output type as a generic parameter of its own, not one step returning `Downstream.Input?`: in this
/// unspecialised code an `Optional` of a generic type (and the associated type `Downstream.Input`) is
/// looked up at run time on every value (~350 instructions).
internal final class PassthroughInner<Input, Output, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription, CustomStringConvertible, @unchecked Sendable
    where Downstream.Input == Output {
    typealias Failure = UpstreamFailure

    private let lock = Lock()
    // Guarded by `lock`; nothing is called out while an access lasts, so the run-time exclusivity checks
    // (which only catch same-thread overlaps) are off.
    @exclusivity(unchecked) private var phase = UpstreamPhase.awaitingSubscription
    /// Upstream's subscription, held while `phase` is `.subscribed`.
    @exclusivity(unchecked) private var upstream = SubscriptionSlot.empty
    @exclusivity(unchecked) private var onEnd: (() -> Void)?
    private let downstream: Downstream
    private let admits: Bool
    private let admit: (Input) -> Bool
    private let transform: (Input) -> Output
    private let mapCompletion: (Subscribers.Completion<UpstreamFailure>) -> Subscribers.Completion<Downstream.Failure>
    let description: String

    /// `admit`: whether a value goes on (`nil`: every value does); `transform`: what it becomes.
    init(downstream: Downstream,
         name: String,
         admit: ((Input) -> Bool)? = nil,
         transform: @escaping (Input) -> Output,
         mapCompletion: @escaping (Subscribers.Completion<UpstreamFailure>) -> Subscribers.Completion<Downstream.Failure>,
         onEnd: (() -> Void)? = nil) {
        self.downstream = downstream
        self.description = name
        self.admits = admit != nil
        self.admit = admit ?? { _ in true }
        self.transform = transform
        self.mapCompletion = mapCompletion
        self.onEnd = onEnd
    }

    func receive(subscription: Subscription) {
        let accepted: Bool = lock.withLock {
            guard phase == .awaitingSubscription else { return false }
            phase = .subscribed
            upstream = .holding(subscription)
            return true
        }
        guard accepted else {
            subscription.cancel()
            return
        }
        downstream.receive(subscription: self)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        let active: Bool = lock.withLock { phase == .subscribed }
        guard active else { return .none }
        if admits, !admit(input) { return .max(1) }
        return downstream.receive(transform(input))
    }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        let (end, ended): ((() -> Void)??, Subscription?) = lock.withLock {
            guard phase == .subscribed else { return (nil, nil) }
            phase = .terminal
            defer { onEnd = nil }
            return (.some(onEnd), upstream.take())
        }
        withExtendedLifetime(ended) {}  // upstream's subscription, released with no lock held
        guard let end else { return }
        downstream.receive(completion: mapCompletion(completion))
        end?()
    }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > 0, "request(_:): demand must be greater than zero; to request nothing, don't call request(_:)")
        let subscription: Subscription? = lock.withLock {
            if case .holding(let subscription) = upstream { return subscription }
            return nil
        }
        subscription?.request(demand)
    }

    func cancel() {
        let (subscription, end): (Subscription?, (() -> Void)?) = lock.withLock {
            guard phase == .subscribed else {
                phase = .terminal
                return (nil, nil)
            }
            phase = .terminal
            defer { onEnd = nil }
            return (upstream.take(), onEnd)
        }
        subscription?.cancel()
        end?()
    }
}

/// Keeps a failure as it is (for operators that do not touch the completion).
@inline(__always)
internal func identityCompletion<Failure: Error>(_ completion: Subscribers.Completion<Failure>) -> Subscribers.Completion<Failure> {
    completion
}

/// Per-subscription mutable state for a step closure; upstream calls `receive(_:)` serially, so
/// the value is never accessed concurrently (and the run-time exclusivity checks are off).
internal final class StepState<Value>: @unchecked Sendable {
    @exclusivity(unchecked) var value: Value
    init(_ value: Value) { self.value = value }
}
