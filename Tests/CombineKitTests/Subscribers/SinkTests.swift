import CombineKit
import CombineKitTest
import Testing

@Suite struct SinkTests {
    @Test func sinkRequestsUnlimitedAndReceivesEverything() {
        let scheduler = CombineTestScheduler()
        let publisher = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 1), .value(2, 2), .finished(3)])
        var values: [Int] = []
        var finished = false
        let cancellable = publisher.sink(receiveCompletion: { _ in finished = true }, receiveValue: { values.append($0) })
        scheduler.run()
        #expect(values == [1, 2])
        #expect(finished)
        #expect(publisher.subscriptions[0].requests == [.init(time: 0, demand: .unlimited)])
        _ = cancellable
    }

    @Test func sinkReceivesFailure() {
        let recorder = SinkRecorder(Fail<Int, TestError>(error: .oops))
        #expect(recorder.completions == [.failure(.oops)])
    }

    @Test func cancelStopsValuesAtOnce() {
        let subject = PassthroughSubject<Int, Never>()
        var values: [Int] = []
        let cancellable = subject.sink { values.append($0) }
        subject.send(1)
        cancellable.cancel()
        subject.send(2)
        #expect(values == [1])
    }

    @Test func releasingTheCancellableCancels() {
        let subject = PassthroughSubject<Int, Never>()
        var values: [Int] = []
        var cancellable: AnyCancellable? = subject.sink { values.append($0) }
        subject.send(1)
        cancellable = nil
        subject.send(2)
        #expect(values == [1])
        _ = cancellable
    }

    @Test func sinkIgnoresEventsAfterCompletion() {
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in Issue.record("value after completion") })
        sink.receive(subscription: Subscriptions.empty)
        sink.receive(completion: .finished)
        _ = sink.receive(1)
    }

    @Test func descriptionIsSink() {
        #expect(Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in }).description == "Sink")
    }

    // Combine: a sink delivers a value and a completion that arrive before any subscription, then nothing
    // more (OpenCombine SinkTests, testReceiveValueWithoutSubscription).
    @Test func deliversEventsThatArriveWithoutASubscription() {
        var values = 0
        var completions = 0
        let sink = Subscribers.Sink<Int, TestError>(receiveCompletion: { _ in completions += 1 }, receiveValue: { _ in values += 1 })
        #expect(sink.receive(1) == .none)
        sink.receive(completion: .finished)
        #expect(sink.receive(2) == .none)
        sink.receive(completion: .failure(.oops))
        #expect(values == 1 && completions == 1)
        let late = RecordingSubscription()
        sink.receive(subscription: late)
        #expect(late.events == [.cancelled])
    }

    // Deliberate difference: Combine ignores `cancel()` before a subscription arrived (the later
    // subscription is then honoured); CombineKit's cancelled sink stays cancelled and cancels it.
    @Test func cancelBeforeASubscriptionCancelsTheLaterOne() {
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in Issue.record("value after cancel") })
        sink.cancel()
        let late = RecordingSubscription()
        sink.receive(subscription: late)
        #expect(late.events == [.cancelled])
        _ = sink.receive(1)
    }
}
