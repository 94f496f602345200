import CombineKit
import Foundation
import Testing

/// A publisher that keeps its subscriber, so a test can play an ill-behaved upstream.
private final class HandOffPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    private let lock = NSLock()
    private var subscriber: AnySubscriber<Output, Failure>?
    private var held: Any?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        lock.withLock {
            self.subscriber = AnySubscriber(subscriber)
            held = subscriber
        }
    }

    var subscribed: Bool { lock.withLock { subscriber != nil } }
    var heldSubscriber: Any? { lock.withLock { held } }

    func send(subscription: Subscription) { lock.withLock { subscriber }!.receive(subscription: subscription) }
    func send(_ value: Output) -> Subscribers.Demand { lock.withLock { subscriber }!.receive(value) }
    func send(completion: Subscribers.Completion<Failure>) { lock.withLock { subscriber }!.receive(completion: completion) }
}

/// A subscription that records what it is asked.
private final class LoggingSubscription: Subscription, @unchecked Sendable {
    enum Event: Equatable { case requested(Subscribers.Demand), cancelled }
    private let lock = NSLock()
    private var log: [Event] = []
    var events: [Event] { lock.withLock { log } }
    var requestCount: Int { events.filter { $0 != .cancelled }.count }
    func request(_ demand: Subscribers.Demand) { lock.withLock { log.append(.requested(demand)) } }
    func cancel() { lock.withLock { log.append(.cancelled) } }
}

/// Lets several tasks share one iterator, as callers of `next()` from several tasks do (the iterator's copies
/// share their state).
private final class SharedIterator<Iterator: AsyncIteratorProtocol>: @unchecked Sendable where Iterator.Element: Sendable {
    private let iterator: Iterator
    init(_ iterator: Iterator) { self.iterator = iterator }
    func next() async throws -> Iterator.Element? {
        var copy = iterator
        return try await copy.next()
    }
}

private struct RefusedError: Error, Equatable {}

private func waitUntil(_ condition: () -> Bool) async {
    while !condition() { try? await Task.sleep(nanoseconds: 1_000_000) }
}

/// Waits until `count` calls of `next()` are parked in the iterator that subscribed to `publisher` (nothing
/// else observable happens while it has no subscription).
private func waitForParkedCalls<Output, Failure>(_ count: Int, on publisher: HandOffPublisher<Output, Failure>) async {
    await waitUntil { (publisher.heldSubscriber as? any ParkedCallCounting)?.parkedCallCount == count }
}

@Suite struct AsyncPublisherIteratorTests {
    // Combine: `makeAsyncIterator()` subscribes (OpenCombine PublisherConcurrencyTests, checked against Combine).
    @Test func makingTheIteratorSubscribes() {
        let publisher = HandOffPublisher<Int, Never>()
        let iterator = publisher.values.makeAsyncIterator()
        #expect(publisher.subscribed)
        #expect(publisher.heldSubscriber is Cancellable)
        withExtendedLifetime(iterator) {}
    }

    // Combine: a second subscription is cancelled, as is the first one offered again.
    @Test func aSecondSubscriptionIsCancelled() {
        let publisher = HandOffPublisher<Int, Never>()
        let iterator = publisher.values.makeAsyncIterator()
        let first = LoggingSubscription(), second = LoggingSubscription()
        publisher.send(subscription: first)
        publisher.send(subscription: second)
        #expect(second.events == [.cancelled])
        #expect(first.events == [])
        withExtendedLifetime(iterator) {}
    }

    // Combine: calls to `next()` before the subscription arrives are requested together when it does.
    @Test func demandFromBeforeTheSubscriptionIsRequestedAtOnce() async throws {
        let publisher = HandOffPublisher<Int, Never>()
        let shared = SharedIterator(publisher.values.makeAsyncIterator())
        let subscription = LoggingSubscription()
        try await withThrowingTaskGroup(of: Int?.self) { group in
            for _ in 0..<3 { group.addTask { try await shared.next() } }
            await waitForParkedCalls(3, on: publisher)
            publisher.send(subscription: subscription)
            #expect(subscription.events == [.requested(.max(3))])
            for value in 1...3 { #expect(publisher.send(value) == .none) }
            var received: [Int] = []
            for try await value in group { received.append(try #require(value)) }
            #expect(received.sorted() == [1, 2, 3])
        }
    }

    // Combine: a completion ends every waiting `next()` with nil; a second completion changes nothing.
    @Test func finishingTwiceEndsEveryWaitingCallOnce() async throws {
        let publisher = HandOffPublisher<Int, Never>()
        let shared = SharedIterator(publisher.values.makeAsyncIterator())
        let subscription = LoggingSubscription()
        publisher.send(subscription: subscription)
        try await withThrowingTaskGroup(of: Int?.self) { group in
            for _ in 0..<2 { group.addTask { try await shared.next() } }
            await waitUntil { subscription.requestCount == 2 }
            publisher.send(completion: .finished)
            publisher.send(completion: .finished)
            for try await value in group { #expect(value == nil) }
        }
        #expect(try await shared.next() == nil)
        #expect(subscription.events == [.requested(.max(1)), .requested(.max(1))])
    }

    // Combine: an element sent after the completion is ignored (demand .none), and nothing hangs.
    @Test func anElementAfterTheCompletionIsIgnored() async throws {
        let publisher = HandOffPublisher<Int, Never>()
        let shared = SharedIterator(publisher.values.makeAsyncIterator())
        let subscription = LoggingSubscription()
        publisher.send(subscription: subscription)
        try await withThrowingTaskGroup(of: Int?.self) { group in
            for _ in 0..<2 { group.addTask { try await shared.next() } }
            await waitUntil { subscription.requestCount == 2 }
            publisher.send(completion: .finished)
            #expect(publisher.send(42) == .none)
            for try await value in group { #expect(value == nil) }
        }
    }

    // Combine: an element that arrives before any subscription ends the waiting calls with nil.
    @Test func anElementBeforeTheSubscriptionEndsTheWaitingCalls() async throws {
        let publisher = HandOffPublisher<Int, Never>()
        let shared = SharedIterator(publisher.values.makeAsyncIterator())
        try await withThrowingTaskGroup(of: Int?.self) { group in
            for _ in 0..<2 { group.addTask { try await shared.next() } }
            await waitForParkedCalls(2, on: publisher)
            #expect(publisher.send(42) == .none)
            for try await value in group { #expect(value == nil) }
        }
        let subscription = LoggingSubscription()
        publisher.send(subscription: subscription)
        #expect(subscription.events == [.requested(.max(2))])
    }

    // Combine: cancelling one waiting task cancels the subscription once and ends every waiting call.
    @Test func cancellingOneTaskEndsAllWaitingCalls() async throws {
        let publisher = HandOffPublisher<Int, Never>()
        let shared = SharedIterator(publisher.values.makeAsyncIterator())
        let subscription = LoggingSubscription()
        publisher.send(subscription: subscription)
        let cancelled = Task { try await shared.next() }
        try await withThrowingTaskGroup(of: Int?.self) { group in
            for _ in 0..<2 { group.addTask { try await shared.next() } }
            await waitUntil { subscription.requestCount == 3 }
            cancelled.cancel()
            for try await value in group { #expect(value == nil) }
        }
        #expect(try await cancelled.value == nil)
        #expect(subscription.events == [.requested(.max(1)), .requested(.max(1)), .requested(.max(1)), .cancelled])
    }

    // Combine: a failure nobody waits for is thrown by the next call; later calls return nil.
    @Test func aFailureWithoutAWaitingCallIsThrownByTheNextOne() async throws {
        let publisher = HandOffPublisher<Int, RefusedError>()
        var iterator = publisher.values.makeAsyncIterator()
        let subscription = LoggingSubscription()
        publisher.send(subscription: subscription)
        publisher.send(completion: .failure(RefusedError()))
        publisher.send(completion: .failure(RefusedError()))
        do {
            let value = try await iterator.next()
            Issue.record("expected the failure, got \(String(describing: value))")
        } catch {
            #expect(error is RefusedError)
        }
        #expect(try await iterator.next() == nil)
        #expect(subscription.events == [])
    }

    // Combine: with two calls waiting, the first throws the failure and the second returns nil.
    @Test func aFailureIsThrownByTheFirstWaitingCallOnly() async throws {
        let publisher = HandOffPublisher<Int, RefusedError>()
        let shared = SharedIterator(publisher.values.makeAsyncIterator())
        let subscription = LoggingSubscription()
        publisher.send(subscription: subscription)
        let first = Task { try await shared.next() }
        await waitUntil { subscription.requestCount == 1 }
        let second = Task { try await shared.next() }
        await waitUntil { subscription.requestCount == 2 }
        publisher.send(completion: .failure(RefusedError()))
        await #expect(throws: RefusedError.self) { try await first.value }
        #expect(try await second.value == nil)
    }

    // Combine: a completion before the subscription ends the iteration; the late subscription is cancelled.
    @Test func aSubscriptionAfterTheCompletionIsCancelled() async throws {
        let publisher = HandOffPublisher<Int, Never>()
        var iterator = publisher.values.makeAsyncIterator()
        publisher.send(completion: .finished)
        #expect(await iterator.next() == nil)
        let subscription = LoggingSubscription()
        publisher.send(subscription: subscription)
        #expect(subscription.events == [.cancelled])
    }
}
