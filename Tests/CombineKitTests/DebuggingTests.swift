import CombineKit
import CombineKitTest
import Testing

@Suite struct HandleEventsTests {
    @Test func callsEveryHookInOrder() {
        var log: [String] = []
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1), demandPerValue: .max(1))
        [1, 2].publisher.handleEvents(receiveSubscription: { _ in log.append("subscription") },
                                      receiveOutput: { log.append("output \($0)") },
                                      receiveCompletion: { _ in log.append("completion") },
                                      receiveCancel: { log.append("cancel") },
                                      receiveRequest: { log.append("request \($0)") })
            .subscribe(subscriber)
        #expect(log == ["subscription", "request max(1)", "output 1", "request max(1)", "output 2", "request max(1)", "completion"])
        #expect(subscriber.values == [1, 2])
    }

    @Test func cancelHookAndLimitedDemandAndFailure() {
        var cancels = 0
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .max(1))
        subject.handleEvents(receiveCancel: { cancels += 1 }).subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        #expect(subscriber.values == [1])
        subscriber.cancel()
        subscriber.cancel()
        #expect(cancels == 1)
        let failing = TestSubscriber<Int, TestError>()
        Fail<Int, TestError>(error: .oops).handleEvents().subscribe(failing)
        #expect(failing.completion == .failure(.oops))
    }
}

@Suite struct PrintTests {
    final class Log: TextOutputStream, @unchecked Sendable {
        var lines: [String] = []
        func write(_ string: String) {
            lines.append(contentsOf: string.split(separator: "\n").map(String.init))
        }
    }

    // Apple's print format: "prefix: receive subscription: (…)", "request unlimited", "receive value: (1)", "receive finished".
    @Test func logsEventsWithPrefix() {
        let log = Log()
        let subscriber = TestSubscriber<Int, Never>()
        Just(1).print("p", to: log).subscribe(subscriber)
        #expect(log.lines == ["p: receive subscription: (Just)", "p: request unlimited", "p: receive value: (1)", "p: receive finished"])
    }

    @Test func logsLimitedDemandErrorAndCancel() {
        let log = Log()
        let subject = PassthroughSubject<Int, TestError>()
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .max(2))
        subject.print(to: log).subscribe(subscriber)
        subscriber.cancel()
        let failing = TestSubscriber<Int, TestError>()
        Fail<Int, TestError>(error: .oops).print(to: log).subscribe(failing)
        #expect(log.lines == ["receive subscription: (PassthroughSubject)", "request max: (2)", "receive cancel",
                              "receive subscription: (Empty)", "request unlimited", "receive error: (oops)"])
    }
}

@Suite struct BreakpointTests {
    @Test func passesEventsThroughWhenPredicatesAreFalse() {
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .max(1))
        [1, 2].publisher.setFailureType(to: TestError.self)
            .breakpoint(receiveSubscription: { _ in false }, receiveOutput: { _ in false }, receiveCompletion: { _ in false })
            .subscribe(subscriber)
        #expect(subscriber.values == [1])
        let finishing = TestSubscriber<Int, Never>()
        Just(1).breakpointOnError().subscribe(finishing)
        #expect(finishing.completion == .finished)
    }

    @Test func breakpointOnErrorRaisesSIGTRAPOnFailure() async {
        await #expect(processExitsWith: .signal(SIGTRAP)) {
            _ = Fail<Int, TestError>(error: .oops).breakpointOnError().sink(receiveCompletion: { _ in }, receiveValue: { _ in })
        }
    }
}

@Suite struct BufferTests {
    @Test func keepFullPrefetchesSizeAndRefills() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 1), .value(2, 2), .value(3, 3), .finished(4)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler, initialDemand: .none)
        upstream.buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest).subscribe(subscriber)
        scheduler.run()
        #expect(upstream.subscriptions[0].requests == [.init(time: 0, demand: .max(2))])
        subscriber.request(.max(1))
        scheduler.run()
        #expect(subscriber.values == [1])
        subscriber.request(.unlimited)
        scheduler.run()
        #expect(subscriber.events == [.subscription(0), .value(4, 1), .value(4, 2), .value(4, 3), .finished(4)])
    }

    @Test func byRequestForwardsDemand() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 1), .value(2, 2)])
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler, initialDemand: .max(1))
        upstream.buffer(size: 5, prefetch: .byRequest, whenFull: .dropOldest).subscribe(subscriber)
        scheduler.run()
        #expect(subscriber.values == [1])
        #expect(upstream.subscriptions[0].requests == [.init(time: 0, demand: .max(1))])
    }

    @Test func whenFullStrategies() {
        // A misbehaving upstream that ignores demand shows what happens when the buffer is full.
        func flood<Failure: Error>(_ strategy: Publishers.BufferingStrategy<Failure>) -> TestSubscriber<Int, Failure> {
            let subscriber = TestSubscriber<Int, Failure>(initialDemand: .none)
            let publisher = AnyPublisher<Int, Failure>(DemandIgnoringPublisher(values: [1, 2, 3]))
            publisher.buffer(size: 2, prefetch: .byRequest, whenFull: strategy).subscribe(subscriber)
            subscriber.request(.unlimited)
            return subscriber
        }
        #expect(flood(Publishers.BufferingStrategy<Never>.dropNewest).values == [1, 2])
        #expect(flood(Publishers.BufferingStrategy<Never>.dropOldest).values == [2, 3])
        let failed = flood(Publishers.BufferingStrategy<TestError>.customError { .oops })
        #expect(failed.events == [.subscription(0), .failure(0, .oops)])
    }

    /// The error factory is user code, so it may call back into the subscription (house rule: no lock held
    /// while calling user code; with the lock held this request deadlocked).
    @Test func customErrorFactoryMayCallBackIntoTheSubscription() {
        let subscriber = TestSubscriber<Int, TestError>(initialDemand: .none)
        let publisher = AnyPublisher<Int, TestError>(DemandIgnoringPublisher(values: [1, 2, 3]))
        publisher.buffer(size: 2, prefetch: .byRequest, whenFull: .customError {
            subscriber.request(.max(1))
            return .oops
        }).subscribe(subscriber)
        subscriber.request(.unlimited)
        #expect(subscriber.events == [.subscription(0), .failure(0, .oops)])
    }

    @Test func cancelStopsDelivery() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = TestSubscriber<Int, Never>()
        subject.buffer(size: 2, prefetch: .keepFull, whenFull: .dropNewest).subscribe(subscriber)
        subject.send(1)
        subscriber.cancel()
        subject.send(2)
        #expect(subscriber.values == [1])
    }
}

/// Sends all its values at subscription, whatever the demand (to exercise buffer overflow).
struct DemandIgnoringPublisher<Failure: Error>: Publisher {
    typealias Output = Int
    let values: [Int]
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Failure {
        subscriber.receive(subscription: Subscriptions.empty)
        for value in values { _ = subscriber.receive(value) }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
