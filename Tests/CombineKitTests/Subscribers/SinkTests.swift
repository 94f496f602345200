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
}
