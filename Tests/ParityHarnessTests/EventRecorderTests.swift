import CombineKit
import ParityHarness
import RxKit
import RxKitTest
import Testing

@Suite struct EventRecorderTests {
    private struct Boom: Error, CustomStringConvertible {
        var description: String { "boom" }
    }

    @Test func recordsEveryRxEventWithItsTimeRepeatsIncluded() {
        let scheduler = TestScheduler(initialClock: 0, resolution: 0.001, simulateProcessingDelay: false)
        let clock = SessionClock(scheduler)
        let source = scheduler.createHotObservable([.next(100, 1), .next(150, 1), .next(200, 2), .error(300, Boom())])
        let recorder = EventRecorder<Int>(now: clock.now)
        recorder.record(source)
        scheduler.start()
        #expect(recorder.events == [.value(100, 1), .value(150, 1), .value(200, 2), .failure(300, "boom")])
        #expect(recorder.values == [1, 1, 2])
        #expect(recorder.timeline.texts == ["value(1)", "value(1)", "value(2)", "failure(boom)"])
    }

    // Combine: `@Published`'s publisher sends the current value on subscription, then publishes in the
    // property's `willSet` on every set, equal or not (Apple's `Published` documentation).
    @Test func recordsAPublishedPropertyOnEverySet() {
        final class Model: ObservableObject {
            @Published var count = 0
        }
        var time = 0
        let model = Model()
        let recorder = EventRecorder<Int>(now: { time })
        recorder.record(model.$count)
        time = 10
        model.count = 0
        time = 20
        model.count = 5
        #expect(recorder.events == [.value(0, 0), .value(10, 0), .value(20, 5)])
    }

    @Test func recordsACombineCompletionAndFailure() {
        let finished = PassthroughSubject<String, Never>()
        let failed = PassthroughSubject<String, Boom>()
        let first = EventRecorder<String>(now: { 7 })
        let second = EventRecorder<String>(now: { 9 })
        first.record(finished)
        second.record(failed)
        finished.send("a")
        finished.send(completion: .finished)
        failed.send(completion: .failure(Boom()))
        #expect(first.events == [.value(7, "a"), .finished(7)])
        #expect(second.events == [.failure(9, "boom")])
        #expect(first.events.map(\.description) == ["t=7ms  value(\"a\")", "t=7ms  finished"])
    }

    @Test func stopEndsTheSubscriptionsAndKeepsTheEvents() {
        let relay = PublishRelay<Int>()
        let subject = PassthroughSubject<Int, Never>()
        let recorder = EventRecorder<Int>(now: { 0 })
        recorder.record(relay)
        recorder.record(subject)
        relay.accept(1)
        subject.send(2)
        recorder.stop()
        relay.accept(3)
        subject.send(4)
        #expect(recorder.values == [1, 2])
    }

    @Test func aRecorderThatGoesEndsItsSubscriptions() {
        let relay = PublishRelay<Int>()
        let subject = PassthroughSubject<Int, Never>()
        weak var gone: EventRecorder<Int>?
        do {
            let recorder = EventRecorder<Int>(now: { 0 })
            recorder.record(relay)
            recorder.record(subject)
            gone = recorder
        }
        #expect(gone == nil)
        relay.accept(1)
        subject.send(1)
    }
}
