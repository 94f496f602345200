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

    // Combine: the connection holds the subject weakly, so a connected multicast's subject goes when nothing
    // else keeps it, cancelling the upstream; cancelling the connection afterwards is harmless (OpenCombine
    // MulticastTests.testDeallocateConnectedMulticastBeforeCancelling).
    @Test func theConnectionDoesNotKeepTheSubject() {
        let upstream = ManualPublisher<Int, Never>()
        weak var released: PassthroughSubject<Int, Never>?
        var connection: Cancellable?
        do {
            let subject = PassthroughSubject<Int, Never>()
            released = subject
            connection = upstream.multicast(subject: subject).connect()
        }
        #expect(released == nil)
        #expect(upstream.subscription.events == [.cancelled])
        connection?.cancel()
        #expect(upstream.subscription.events == [.cancelled])
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

    /// A subject that hands its subscribers `subscription` and keeps the last one, to drive the multicast's
    /// subscriber by hand.
    final class RecordingSubject: Subject, @unchecked Sendable {
        typealias Output = Int
        typealias Failure = TestError
        let subscription = RecordingSubscription()
        private(set) var subscriber: AnySubscriber<Int, TestError>?
        func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
            self.subscriber = AnySubscriber(subscriber)
            subscriber.receive(subscription: subscription)
        }
        func send(_ value: Int) {}
        func send(completion: Subscribers.Completion<TestError>) {}
        func send(subscription: Subscription) {}
    }

    // Combine's multicast requests the demand its subscriber returns from receive(_:) from the subject's
    // subscription, and returns .none to the subject (OpenCombine's MulticastTests.testInnerSubscriber).
    @Test func demandReturnedByTheSubscriberIsRequestedFromTheSubject() throws {
        let subject = RecordingSubject()
        let multicast = PassthroughSubject<Int, TestError>().multicast(subject: subject)
        let subscriber = ManualSubscriber<Int, TestError>(demandPerValue: .max(2))
        multicast.subscribe(subscriber)
        subscriber.subscription?.request(.max(1))
        subscriber.subscription?.request(.none)
        let inner = try #require(subject.subscriber)
        #expect(inner.receive(1) == .none)
        subscriber.demandPerValue = .none
        #expect(inner.receive(2) == .none)
        #expect(subject.subscription.events == [.requested(.max(1)), .requested(.none), .requested(.max(2))])
        #expect(subscriber.values == [1, 2])
    }

    // Combine's multicast subscription shows as "Multicast" with no mirror children (OpenCombine's
    // MulticastTests.testReflection, MakeConnectableTests.testReflection).
    @Test func theSubscriptionShowsAsMulticastWithoutChildren() throws {
        let subscriber = ManualSubscriber<Int, Never>()
        PassthroughSubject<Int, Never>().makeConnectable().subscribe(subscriber)
        let subscription = try #require(subscriber.subscription)
        #expect(String(describing: subscription) == "Multicast")
        #expect((subscription as? CustomReflectable)?.customMirror.children.isEmpty == true)
        #expect((subscription as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String == "Multicast")
    }
}
