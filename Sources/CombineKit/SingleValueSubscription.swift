/// Delivers one optional value followed by a completion, on the first positive demand.
/// Shared by `Just`, `Optional.Publisher` and `Result.Publisher` (their short names are passed in).
internal final class SingleValueSubscription<Downstream: Subscriber>: Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
    private enum State {
        case waitingForDemand(Downstream)
        case terminal
    }

    private let lock = Lock.make()
    private var state: State
    private let value: Downstream.Input
    private let name: String

    init(value: Downstream.Input, downstream: Downstream, name: String) {
        self.value = value
        self.state = .waitingForDemand(downstream)
        self.name = name
    }

    var description: String { name }
    var customMirror: Mirror { Mirror(self, children: ["value": value]) }
    var playgroundDescription: Any { description }

    func request(_ demand: Subscribers.Demand) {
        demand.assertNonZero()
        lock.lock()
        guard case .waitingForDemand(let downstream) = state else {
            lock.unlock()
            return
        }
        state = .terminal
        lock.unlock()
        _ = downstream.receive(value)
        downstream.receive(completion: .finished)
    }

    func cancel() {
        lock.lock()
        state = .terminal
        lock.unlock()
    }
}
