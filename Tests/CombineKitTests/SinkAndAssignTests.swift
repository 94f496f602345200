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

@Suite struct AssignTests {
    final class Model { var value = 0 }

    @Test func assignsEachValue() {
        let model = Model()
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject.assign(to: \.value, on: model)
        subject.send(3)
        #expect(model.value == 3)
        subject.send(4)
        #expect(model.value == 4)
        cancellable.cancel()
        subject.send(5)
        #expect(model.value == 4)
    }

    @Test func releasesObjectOnCompletion() {
        weak var weakModel: Model?
        let subject = PassthroughSubject<Int, Never>()
        var cancellable: AnyCancellable?
        do {
            let model = Model()
            weakModel = model
            cancellable = subject.assign(to: \.value, on: model)
        }
        #expect(weakModel != nil)
        subject.send(completion: .finished)
        #expect(weakModel == nil)
        _ = cancellable
    }
}

@Suite struct AnyPublisherAndSubscriberTests {
    @Test func erasedPublisherForwards() {
        let erased: AnyPublisher<Int, Never> = [1, 2, 3].publisher.eraseToAnyPublisher()
        let recorder = SinkRecorder(erased)
        #expect(recorder.values == [1, 2, 3])
        #expect(recorder.completions == [.finished])
        #expect(erased.description == "AnyPublisher")
    }

    @Test func erasingTwiceDoesNotRewrap() {
        let erased = Just(1).eraseToAnyPublisher()
        let twice = AnyPublisher(erased)
        #expect(SinkRecorder(twice).values == [1])
    }

    @Test func closureSubscriberControlsDemand() {
        var values: [Int] = []
        var subscription: Subscription?
        let subscriber = AnySubscriber<Int, Never>(receiveSubscription: { subscription = $0; $0.request(.max(2)) },
                                                   receiveValue: { values.append($0); return .none },
                                                   receiveCompletion: { _ in })
        (1...5).publisher.subscribe(subscriber)
        #expect(values == [1, 2])
        subscription?.request(.max(1))
        #expect(values == [1, 2, 3])
    }

    @Test func wrappingASubscriberKeepsItsIdentifier() {
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        let erased = AnySubscriber(sink)
        #expect(erased.combineIdentifier == sink.combineIdentifier)
        #expect(AnySubscriber(erased).combineIdentifier == sink.combineIdentifier)
    }

    @Test func subscriberForSubjectForwardsValues() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = SinkRecorder(subject)
        [1, 2].publisher.subscribe(AnySubscriber(subject))
        #expect(recorder.values == [1, 2])
        #expect(recorder.completions == [.finished])
    }
}
