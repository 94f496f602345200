import ReactiveBridgePrimitives

/// The inner object shared by the element-filtering operators (filter, tryFilter, compactMap,
/// tryCompactMap, removeDuplicates, tryRemoveDuplicates): `select` maps an element to the value to
/// publish or `nil` to drop it. A dropped element asks the upstream for one more (`.max(1)`), so the
/// downstream's demand is never lost. A thrown error (try variants, whose downstream failure is
/// `Error`) cancels the upstream and fails the stream.
///
/// With `requiresSubscriptionFirst` (Combine's tryFilter, tryCompactMap, removeDuplicates and
/// tryRemoveDuplicates) a value, a completion or a request before the subscription traps, as Combine's do,
/// and a cancel then cancels the subscription when it comes; the others ignore a cancel before the
/// subscription, as Combine's do (only the upstream holds the inner then). With
/// `passesCompletionBeforeSubscription` (Combine's encode and decode) a completion before the subscription
/// is passed downstream, and so is the error thrown for a value that comes before it (the value itself is
/// never passed on: the downstream has asked for none); the others drop both.
internal final class FilteringInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription, OperatorInner, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
    typealias Failure = UpstreamFailure

    let lock = Lock()
    @exclusivity(unchecked) var status = SubscriptionStatus.awaitingSubscription
    private let downstream: Downstream
    private let select: (Input) throws -> Downstream.Input?
    private let name: String
    private let requiresSubscriptionFirst: Bool
    private let passesCompletionBeforeSubscription: Bool
    /// removeDuplicates' previous element, for the mirror (Combine's shows it as `last`).
    private let mirrorLast: (() -> Any)?

    init(downstream: Downstream, name: String, requiresSubscriptionFirst: Bool = false, passesCompletionBeforeSubscription: Bool = false,
         mirrorLast: (() -> Any)? = nil, select: @escaping (Input) throws -> Downstream.Input?) {
        self.downstream = downstream
        self.name = name
        self.requiresSubscriptionFirst = requiresSubscriptionFirst
        self.passesCompletionBeforeSubscription = passesCompletionBeforeSubscription
        self.mirrorLast = mirrorLast
        self.select = select
    }

    var description: String { name }
    // As Combine's: CompactMap and DropWhile show no children; Encode and Decode show whether they finished and
    // their upstream subscription; RemoveDuplicates and TryRemoveDuplicates their downstream and previous
    // element; the others show their downstream.
    var customMirror: Mirror {
        if let mirrorLast { return Mirror(self, children: ["downstream": downstream, "last": mirrorLast()]) }
        switch name {
        case "CompactMap", "DropWhile", "TryDropWhile":
            return Mirror(self, children: [:])
        case "Encode", "Decode":
            lock.lock()
            defer { lock.unlock() }
            var finished = false
            if case .terminal = status { finished = true }
            return Mirror(self, children: ["downstream": downstream, "finished": finished, "upstreamSubscription": status])
        default:
            return Mirror(self, children: ["downstream": downstream])
        }
    }
    var playgroundDescription: Any { description }

    func receive(subscription: Subscription) {
        if acceptSubscription(subscription) { downstream.receive(subscription: self) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        guard isActive() else { return valueWhileInactive(input) }
        do {
            guard let output = try select(input) else { return .max(1) }
            return downstream.receive(output)
        } catch {
            if terminateAndCancelUpstream() { downstream.receive(completion: .failure(error as! Downstream.Failure)) }
            return .none
        }
    }

    func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        if passesCompletionBeforeSubscription ? markTerminalEvenBeforeSubscription() : markTerminal() {
            downstream.receive(completion: completion.mapError { $0 as! Downstream.Failure })
        } else {
            checkSubscribed("a completion")
        }
    }

    func request(_ demand: Subscribers.Demand) {
        if requiresSubscriptionFirst {
            forwardRequestRequiringSubscription(demand, name: name)
        } else {
            forwardRequest(demand)
        }
    }

    /// A value before the subscription or after the end: never passed on. Before the subscription it traps
    /// (`requiresSubscriptionFirst`) or, for encode and decode, is transformed as Combine's do, and a thrown
    /// error ends the stream with that failure (a late subscription is then cancelled).
    @inline(never)
    private func valueWhileInactive(_ input: Input) -> Subscribers.Demand {
        checkSubscribed("a value")
        guard passesCompletionBeforeSubscription else { return .none }
        lock.lock()
        let awaiting = !status.isSubscribed && !status.isTerminal
        lock.unlock()
        guard awaiting else { return .none }
        do {
            _ = try select(input)
        } catch {
            if terminateAndCancelUpstream() || markTerminalEvenBeforeSubscription() {
                downstream.receive(completion: .failure(error as! Downstream.Failure))
            }
        }
        return .none
    }

    /// Outside the per-value path: traps (as Combine does) if nothing was subscribed yet.
    @inline(never)
    private func checkSubscribed(_ event: StaticString) {
        if requiresSubscriptionFirst { preconditionSubscribed(name, received: event) }
    }

    func cancel() {
        if requiresSubscriptionFirst { forwardCancel() } else { forwardCancelUnlessAwaitingSubscription() }
    }
}
