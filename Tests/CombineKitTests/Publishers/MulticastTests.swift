import CombineKit
import Foundation
import CombineKitTest
import Testing

@Suite struct MulticastTests {
    @Test func subscribesUpstreamOnlyOnConnect() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.cold(scheduler, [.value(1, 1), .finished(2)])
        let multicast = upstream.multicast { PassthroughSubject<Int, Never>() }
        let first = TestSubscriber<Int, Never>(scheduler: scheduler)
        let second = TestSubscriber<Int, Never>(scheduler: scheduler)
        multicast.subscribe(first)
        multicast.subscribe(second)
        scheduler.run()
        #expect(upstream.subscriptions.isEmpty)
        let connection = multicast.connect()
        scheduler.run()
        #expect(upstream.subscriptions.count == 1)
        #expect(first.events == [.subscription(0), .value(1, 1), .finished(2)])
        #expect(second.events == first.events)
        _ = connection
    }

    @Test func createsTheSubjectOnce() {
        var created = 0
        let multicast = PassthroughSubject<Int, Never>().multicast { () -> PassthroughSubject<Int, Never> in
            created += 1
            return PassthroughSubject()
        }
        multicast.subscribe(TestSubscriber<Int, Never>())
        multicast.subscribe(TestSubscriber<Int, Never>())
        _ = multicast.connect()
        #expect(created == 1)
    }

    @Test func limitedDemandFailureAndCancelledConnection() {
        let source = PassthroughSubject<Int, TestError>()
        let multicast = source.multicast(subject: PassthroughSubject<Int, TestError>())
        let limited = TestSubscriber<Int, TestError>(initialDemand: .max(1))
        multicast.subscribe(limited)
        let connection = multicast.connect()
        source.send(1)
        source.send(2)
        source.send(completion: .failure(.oops))
        #expect(limited.events == [.subscription(0), .value(0, 1), .failure(0, .oops)])
        connection.cancel()
        let other = PassthroughSubject<Int, Never>()
        let disconnected = other.makeConnectable()
        let subscriber = TestSubscriber<Int, Never>()
        disconnected.subscribe(subscriber)
        let otherConnection = disconnected.connect()
        other.send(1)
        otherConnection.cancel()
        other.send(2)
        #expect(subscriber.values == [1])
    }
}
