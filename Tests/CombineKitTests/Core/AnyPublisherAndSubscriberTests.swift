import CombineKit
import CombineKitTest
import Testing

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

    // The package's boxing initialiser (no is-it-erased-already check) forwards every event and keeps the
    // wrapped subscriber's combineIdentifier, as AnySubscriber(_:) does in Combine.
    @Test func boxingInitialiserForwardsEveryEventAndKeepsTheIdentifier() {
        var values: [Int] = []
        var completions = 0
        let inner = AnySubscriber<Int, Never>(receiveSubscription: { $0.request(.unlimited) },
                                              receiveValue: { values.append($0); return .none },
                                              receiveCompletion: { _ in completions += 1 })
        let boxed = AnySubscriber<Int, Never>(boxing: inner)
        #expect(boxed.combineIdentifier == inner.combineIdentifier)
        [1, 2].publisher.subscribe(boxed)
        #expect(values == [1, 2])
        #expect(completions == 1)
    }

    @Test func subscriberForSubjectForwardsValues() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = SinkRecorder(subject)
        [1, 2].publisher.subscribe(AnySubscriber(subject))
        #expect(recorder.values == [1, 2])
        #expect(recorder.completions == [.finished])
    }
}
