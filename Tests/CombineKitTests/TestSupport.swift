import CombineKit
import CombineKitTest

/// An equatable error for failure tests.
enum TestError: Error, Equatable {
    case oops
    case other
}

/// Collects values and the completion through `sink`.
final class SinkRecorder<Output, Failure: Error>: @unchecked Sendable {
    var values: [Output] = []
    var completions: [Subscribers.Completion<Failure>] = []
    var cancellable: AnyCancellable?

    init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        cancellable = publisher.sink(receiveCompletion: { [unowned self] in self.completions.append($0) },
                                     receiveValue: { [unowned self] in self.values.append($0) })
    }
}

/// A subscriber that hands its subscription to the test and records everything (no time).
final class ManualSubscriber<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    var subscription: Subscription?
    var values: [Input] = []
    var completions: [Subscribers.Completion<Failure>] = []
    var demandPerValue: Subscribers.Demand
    var onValue: ((Input) -> Void)?

    init(demandPerValue: Subscribers.Demand = .none) {
        self.demandPerValue = demandPerValue
    }

    func receive(subscription: Subscription) { self.subscription = subscription }
    func receive(_ input: Input) -> Subscribers.Demand {
        values.append(input)
        onValue?(input)
        return demandPerValue
    }
    func receive(completion: Subscribers.Completion<Failure>) { completions.append(completion) }
}
