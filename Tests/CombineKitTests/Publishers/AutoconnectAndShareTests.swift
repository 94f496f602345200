import CombineKit
import Foundation
import CombineKitTest
import Testing

@Suite struct AutoconnectAndShareTests {
    @Test func autoconnectConnectsOnFirstSubscriberAndDisconnectsAfterLast() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, Never>.hot(scheduler, [.value(10, 1), .value(20, 2)])
        let shared = upstream.makeConnectable().autoconnect()
        let subscriber = TestSubscriber<Int, Never>(scheduler: scheduler)
        shared.subscribe(subscriber)
        #expect(upstream.subscriptions.count == 1)
        scheduler.advance(to: 15)
        subscriber.cancel()
        #expect(upstream.subscriptions[0].cancelled == 15)
        #expect(subscriber.values == [1])
    }

    // share() is multicast(PassthroughSubject) + autoconnect: one upstream subscription, no replay.
    /// Holds the connection's cancel (before it reaches upstream) until released, on the first cancel only.
    final class CancelGate: @unchecked Sendable {
        private let lock = NSLock()
        private var blockNext = true
        let inCancel = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)

        func cancelling() {
            lock.lock()
            let blocks = blockNext
            blockNext = false
            lock.unlock()
            guard blocks else { return }
            inCancel.signal()
            proceed.wait()
        }
    }

    /// A connectable publisher whose connections pass through `gate` when cancelled.
    struct GatedConnectable<Base: ConnectablePublisher>: ConnectablePublisher {
        typealias Output = Base.Output
        typealias Failure = Base.Failure
        let base: Base
        let gate: CancelGate

        func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            base.receive(subscriber: subscriber)
        }

        func connect() -> Cancellable {
            let connection = base.connect()
            return AnyCancellable { [gate] in
                gate.cancelling()
                connection.cancel()
            }
        }
    }

    /// A subscriber arriving while the last one's departure is still cancelling the connection (held on
    /// another thread before the cancel reaches upstream) does not get a second connection alongside it:
    /// both would feed the shared subject, and a value sent meanwhile would reach the subscriber twice. The
    /// reconnection is made once the cancel has returned. (Combine: `autoconnect()` connects on the first
    /// subscriber and disconnects after the last; a subscriber sees each upstream value at most once.)
    @Test func aSubscriberArrivingDuringTheLastOnesDisconnectGetsEachValueOnce() {
        final class Values: @unchecked Sendable {
            private let lock = NSLock()
            private var received: [Int] = []
            func append(_ value: Int) { lock.lock(); received.append(value); lock.unlock() }
            var value: [Int] { lock.lock(); defer { lock.unlock() }; return received }
        }
        let gate = CancelGate()
        let source = PassthroughSubject<Int, Never>()
        let shared = GatedConnectable(base: source.multicast(subject: PassthroughSubject<Int, Never>()), gate: gate).autoconnect()
        let first = shared.sink { _ in }
        let departed = DispatchSemaphore(value: 0)
        let departing = Thread {
            first.cancel()
            departed.signal()
        }
        departing.start()
        gate.inCancel.wait()  // the last subscriber left; its connection's cancel is held before upstream
        let values = Values()
        let second = shared.sink { values.append($0) }
        source.send(7)  // the held connection is still subscribed upstream: 7 reaches the subject once
        gate.proceed.signal()
        departed.wait()
        source.send(8)  // through the connection made after the cancel returned
        #expect(values.value == [7, 8], "a value reached the subscriber twice (two connections at once), or the reconnection was lost")
        second.cancel()
    }

    @Test func shareSubscribesUpstreamOnceWithoutReplay() {
        let scheduler = CombineTestScheduler()
        let upstream = TestPublisher<Int, TestError>.hot(scheduler, [.value(10, 1), .value(20, 2), .failure(30, .oops)])
        let shared = upstream.share()
        let early = TestSubscriber<Int, TestError>(scheduler: scheduler)
        let late = TestSubscriber<Int, TestError>(scheduler: scheduler)
        shared.subscribe(early)
        scheduler.advance(to: 15)
        shared.subscribe(late)
        scheduler.run()
        #expect(upstream.subscriptions.count == 1)
        #expect(early.events == [.subscription(0), .value(10, 1), .value(20, 2), .failure(30, .oops)])
        #expect(late.events == [.subscription(15), .value(20, 2), .failure(30, .oops)])
    }

    @Test func shareWithLimitedDemandDropsForThatSubscriberOnly() {
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.share()
        let limited = TestSubscriber<Int, Never>(initialDemand: .max(1))
        let unlimited = TestSubscriber<Int, Never>()
        shared.subscribe(limited)
        shared.subscribe(unlimited)
        subject.send(1)
        subject.send(2)
        #expect(limited.values == [1])
        #expect(unlimited.values == [1, 2])
        #expect(shared == shared)
    }

    /// A connectable publisher that hands each subscriber `subscription`, keeps the last subscriber, and
    /// records its connections.
    final class RecordingConnectable: ConnectablePublisher, @unchecked Sendable {
        typealias Output = Int
        typealias Failure = TestError
        let subscription = RecordingSubscription()
        private(set) var subscriber: AnySubscriber<Int, TestError>?
        private(set) var history: [String] = []
        var onSubscribe: (() -> Void)?

        func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == TestError {
            self.subscriber = AnySubscriber(subscriber)
            subscriber.receive(subscription: subscription)
            onSubscribe?()
        }

        func connect() -> Cancellable {
            history.append("connected")
            return AnyCancellable { self.history.append("disconnected") }
        }
    }

    // Combine's autoconnect counts a subscriber until it cancels: a completion does not disconnect, a
    // repeated cancel counts once, and events pass through as they come (OpenCombine's
    // AutoconnectTests.testBasicRefcountBehavior).
    @Test func subscribersCountUntilTheyCancelNotUntilTheyComplete() throws {
        let upstream = RecordingConnectable()
        let autoconnect = upstream.autoconnect()
        let first = ManualSubscriber<Int, TestError>()
        let second = ManualSubscriber<Int, TestError>()
        autoconnect.subscribe(first)
        autoconnect.subscribe(second)
        upstream.subscriber?.receive(completion: .finished)
        #expect(upstream.history == ["connected"])
        let firstSubscription = try #require(first.subscription)
        firstSubscription.cancel()
        firstSubscription.cancel()
        #expect(upstream.history == ["connected"])
        second.subscription?.cancel()
        #expect(upstream.history == ["connected", "disconnected"])
        #expect(upstream.subscription.events == [.cancelled, .cancelled, .cancelled])
    }

    // Combine's autoconnect hands the subscriber the upstream's subscription as it describes itself (and
    // with its combine identifier), and its own subscriber shows as "Autoconnect" with the publisher and the
    // downstream as mirror children (OpenCombine's AutoconnectTests.testAutoconnectReflection).
    @Test func theSubscriptionShowsAsTheUpstreamsAndTheSubscriberAsAutoconnect() throws {
        let upstream = RecordingConnectable()
        let subscriber = ManualSubscriber<Int, TestError>()
        upstream.autoconnect().subscribe(subscriber)
        let subscription = try #require(subscriber.subscription)
        #expect(String(describing: subscription) == String(describing: upstream.subscription))
        #expect(subscription.combineIdentifier == upstream.subscription.combineIdentifier)
        #expect(!(subscription is CustomReflectable))
        let inner = try #require(upstream.subscriber)
        #expect(String(describing: inner) == "Autoconnect")
        #expect(Mirror(reflecting: inner).children.map(\.label) == ["parent", "downstream"])
    }

    // Deliberate difference: a subscriber that subscribes from inside another's first subscription shares
    // its connection. Combine connects twice then and never cancels the first connection (OpenCombine's
    // AutoconnectTests.testReentranceWhenConnecting records [connected, connected]).
    @Test func aReentrantSubscriberSharesTheConnection() throws {
        let upstream = RecordingConnectable()
        let autoconnect = upstream.autoconnect()
        let inner = ManualSubscriber<Int, TestError>()
        var subscribedInside = false
        upstream.onSubscribe = {
            guard !subscribedInside else { return }
            subscribedInside = true
            autoconnect.subscribe(inner)
        }
        let outer = ManualSubscriber<Int, TestError>()
        autoconnect.subscribe(outer)
        #expect(upstream.history == ["connected"])
        outer.subscription?.cancel()
        #expect(upstream.history == ["connected"])
        inner.subscription?.cancel()
        #expect(upstream.history == ["connected", "disconnected"])
    }

    // Combine's share() hands its subscribers the multicast's subscription ("Multicast"), accepts
    // request(.none), and gives a subscriber arriving after the completion just the completion (OpenCombine's
    // ShareTests.testLateSubscriber).
    @Test func shareAfterTheCompletionGivesTheCompletion() throws {
        let upstream = ManualPublisher<Int, TestError>()
        let shared = upstream.share()
        let early = ManualSubscriber<Int, TestError>()
        shared.subscribe(early)
        // The multicast's PassthroughSubject asks its upstream for values once a subscriber has demand.
        #expect(upstream.subscription.events == [])
        #expect(String(describing: try #require(early.subscription)) == "Multicast")
        early.subscription?.request(.max(3))
        #expect(upstream.subscription.events == [.requested(.unlimited)])
        upstream.send(completion: .finished)
        let late = ManualSubscriber<Int, TestError>()
        shared.subscribe(late)
        late.subscription?.request(.none)
        #expect(late.completions == [.finished])
        #expect(upstream.subscription.events == [.requested(.unlimited)])
    }
}
