import CombineKit
import CombineKitExt
import CombineKitTest
import Testing

@Suite struct CreateTests {
    @Test func emitsValuesAndFinishAndInvalidatesTokenOnce() {
        let token = Token()
        let publisher = AnyPublisher<Int, TestError>.create { emitter in
            emitter.send(1)
            emitter.send(2)
            emitter.send(completion: .finished)
            emitter.send(3)
            return AnyCancellable { token.invalidate() }
        }
        let subscriber = IntSubscriber()
        publisher.subscribe(subscriber)
        #expect(subscriber.events == [.subscription(0), .value(0, 1), .value(0, 2), .finished(0)])
        subscriber.cancel()
        #expect(token.invalidations == 1)
    }

    @Test func failureInvalidatesTokenOnce() {
        let token = Token()
        let subject = PassthroughSubject<Void, Never>()
        let publisher = AnyPublisher<Int, TestError>.create { emitter in
            let inner = subject.sink { emitter.send(completion: .failure(.oops)) }
            return AnyCancellable { inner.cancel(); token.invalidate() }
        }
        let subscriber = IntSubscriber()
        publisher.subscribe(subscriber)
        #expect(token.invalidations == 0)
        subject.send()
        subject.send()
        #expect(subscriber.completion == .failure(.oops))
        #expect(token.invalidations == 1)
    }

    // The seed problem: the token must be invalidated when the subscriber cancels.
    @Test func cancellationInvalidatesTokenOnceAndStopsValues() {
        let token = Token()
        let subject = PassthroughSubject<Int, Never>()
        let publisher = AnyPublisher<Int, TestError>.create { emitter in
            let inner = subject.sink { emitter.send($0) }
            return AnyCancellable { inner.cancel(); token.invalidate() }
        }
        let subscriber = IntSubscriber()
        publisher.subscribe(subscriber)
        subject.send(1)
        subscriber.cancel()
        subscriber.cancel()
        subject.send(2)
        #expect(subscriber.values == [1])
        #expect(token.invalidations == 1)
    }

    @Test func runsOncePerSubscriber() {
        let log = EventLog()
        let publisher = AnyPublisher<Int, Never>.create { emitter in
            log.append("subscribed")
            emitter.send(completion: .finished)
            return AnyCancellable {}
        }
        _ = publisher.sink { _ in }
        _ = publisher.sink { _ in }
        #expect(log.entries == ["subscribed", "subscribed"])
    }

    @Test func maxOneSubscriberGetsBufferedValuesAsDemandedAndLosesNothingOnCompletion() {
        let publisher = AnyPublisher<Int, TestError>.create { emitter in
            [1, 2, 3].forEach(emitter.send)
            emitter.send(completion: .finished)
            return AnyCancellable {}
        }
        let subscriber = IntSubscriber(initialDemand: .max(1))
        publisher.subscribe(subscriber)
        #expect(subscriber.values == [1])
        #expect(subscriber.completion == nil)
        subscriber.request(.max(2))
        #expect(subscriber.values == [1, 2, 3])
        #expect(subscriber.completion == .finished)
        #expect(subscriber.demandViolations == 0)
    }

    @Test func valuesSentLaterArriveInVirtualTime() {
        let s = CombineTestScheduler()
        let publisher = AnyPublisher<Int, TestError>.create { emitter in
            s.at(10) { emitter.send(1) }
            s.at(20) { emitter.send(completion: .finished) }
            return AnyCancellable {}
        }
        let subscriber = IntSubscriber(scheduler: s)
        publisher.subscribe(subscriber)
        s.run()
        #expect(subscriber.events == [.subscription(0), .value(10, 1), .finished(20)])
    }

    // Combine serialises calls to one subscriber (forums.swift.org/t/29491/11): a value the emitter sends
    // from inside the subscriber's `receive` is delivered after that call returns, in order — the
    // direct hand-over in `DeliveryQueue.send` must not nest inside a delivery in progress.
    @Test func valueSentFromInsideReceiveIsDeliveredAfterItReturns() {
        let emitterBox = EmitterBox()
        let publisher = AnyPublisher<Int, Never>.create { emitter in
            emitterBox.send = { emitter.send($0) }
            return AnyCancellable {}
        }
        var log: [String] = []
        let cancellable = publisher.sink { value in
            log.append("begin \(value)")
            if value == 1 { emitterBox.send?(2) }
            log.append("end \(value)")
        }
        emitterBox.send?(1)
        #expect(log == ["begin 1", "end 1", "begin 2", "end 2"])
        cancellable.cancel()
    }
}

private final class EmitterBox: @unchecked Sendable {
    var send: ((Int) -> Void)?
}
