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
    // subscription is then honoured); CombineKit's cancelled sink cancels it.
    @Test func cancelBeforeASubscriptionCancelsTheLaterOne() {
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        sink.cancel()
        let late = RecordingSubscription()
        sink.receive(subscription: late)
        #expect(late.events == [.cancelled])
    }

    // Combine: a cancel before the subscription leaves the sink open, so values an upstream sends without
    // a subscription still reach the closure (OpenCombine PrintTests, testSynchronization).
    @Test func valuesAfterACancelBeforeTheSubscriptionStillReachTheClosure() {
        var values: [Int] = []
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
        sink.cancel()
        #expect(sink.receive(1) == .none)
        #expect(sink.receive(2) == .none)
        #expect(values == [1, 2])
    }

    /// Sets `released` when deinitialised: captured by a closure, it tells when the closure was released.
    final class Capture {
        let onDeinit: () -> Void
        init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
        deinit { onDeinit() }
    }

    /// A sink whose two closures each capture a `Capture`; `released()` says which are gone.
    private func makeSink() -> (Subscribers.Sink<Int, TestError>, released: () -> [Bool]) {
        var valueReleased = false
        var completionReleased = false
        let valueCapture = Capture { valueReleased = true }
        let completionCapture = Capture { completionReleased = true }
        let sink = Subscribers.Sink<Int, TestError>(receiveCompletion: { _ in _ = completionCapture },
                                                    receiveValue: { _ in _ = valueCapture })
        return (sink, { [valueReleased, completionReleased] })
    }

    // Combine: a sink lets go of its closures once it completes (with or without a subscription) or once its
    // subscription is cancelled; a cancel before any subscription keeps them (OpenCombine SinkTests,
    // testReleasesClosuresAfter…, testDoesNotReleaseClosuresAfterCancellationNoSubscription).
    @Test(arguments: [(true, 0), (false, 0), (true, 1), (false, 1), (true, 2), (false, 2)])
    func releasesItsClosuresWhenItEnds(subscribed: Bool, ending: Int) {
        let (sink, released) = makeSink()
        let subscription = RecordingSubscription()
        if subscribed { sink.receive(subscription: subscription) }
        #expect(released() == [false, false])
        switch ending {
        case 0: sink.receive(completion: .finished)
        case 1: sink.receive(completion: .failure(.oops))
        default: sink.cancel()
        }
        let expected = ending != 2 || subscribed
        withExtendedLifetime(sink) {
            #expect(released() == [expected, expected])
        }
    }

    // A completion that arrives while the value closure runs (re-entrantly) releases the closures once that
    // value's delivery has returned, not under it.
    @Test func completionDuringADeliveryReleasesAfterIt() {
        var valueReleased = false
        var sink: Subscribers.Sink<Int, Never>?
        var releasedDuringDelivery: Bool?
        var completions = 0
        do {
            let capture = Capture { valueReleased = true }
            sink = Subscribers.Sink(receiveCompletion: { _ in completions += 1 },
                                    receiveValue: { _ in
                                        _ = capture
                                        sink?.receive(completion: .finished)
                                        releasedDuringDelivery = valueReleased
                                    })
        }
        let strong = sink!
        strong.receive(subscription: RecordingSubscription())
        _ = strong.receive(1)
        #expect(completions == 1)
        #expect(releasedDuringDelivery == false)
        _ = strong.receive(2)
        withExtendedLifetime(strong) {
            sink = nil
            #expect(valueReleased)
        }
    }

    private static func sinkCapturing(_ capture: Capture) -> Subscribers.Sink<Int, Never> {
        Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in _ = capture })
    }

    // A cancel from another thread while values are being delivered stops them; the closures are released by
    // whichever side ends last, exactly once.
    @Test func cancelRacingDeliveriesReleasesOnce() async {
        for _ in 0..<200 {
            let released = NSLockBox()
            var releases = 0
            let sink = Self.sinkCapturing(Capture { released.withLock { releases += 1 } })
            sink.receive(subscription: RecordingSubscription())
            let shared = UnsafeSendable(sink)
            await withTaskGroup(of: Void.self) { group in
                group.addTask { for value in 0..<200 { _ = shared.value.receive(value) } }
                group.addTask { shared.value.cancel() }
            }
            withExtendedLifetime(sink) {
                #expect(released.withLock { releases } == 1)
            }
        }
    }
}
