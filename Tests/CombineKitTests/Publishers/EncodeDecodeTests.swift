import CombineKit
import CombineKitTest
import Foundation
import Testing

@Suite struct EncodeDecodeTests {
    struct Item: Codable, Equatable { var name: String }

    /// Decodes an `Int` into the `String` of its digits.
    struct DigitsDecoder: TopLevelDecoder {
        func decode<T: Decodable>(_ type: T.Type, from input: Int) throws -> T {
            guard let decoded = String(input) as? T else { throw TestError.other }
            return decoded
        }
    }

    @Test func roundTripsThroughJSON() {
        let subscriber = TestSubscriber<Item, Error>()
        [Item(name: "a"), Item(name: "b")].publisher
            .encode(encoder: JSONEncoder())
            .decode(type: Item.self, decoder: JSONDecoder())
            .subscribe(subscriber)
        #expect(subscriber.values == [Item(name: "a"), Item(name: "b")])
        if case .finished? = subscriber.completion {} else { Issue.record("expected finished") }
    }

    @Test func decodingErrorFailsTheStream() {
        let subscriber = TestSubscriber<Item, Error>()
        Just(Data("not json".utf8)).decode(type: Item.self, decoder: JSONDecoder()).subscribe(subscriber)
        #expect(subscriber.values == [])
        if case .failure(let error)? = subscriber.completion { #expect(error is DecodingError) } else { Issue.record("expected failure") }
    }

    @Test func limitedDemandUpstreamFailureAndCancel() {
        let limited = TestSubscriber<Data, Error>(initialDemand: .max(1))
        [Item(name: "a"), Item(name: "b")].publisher.encode(encoder: JSONEncoder()).subscribe(limited)
        #expect(limited.values.count == 1)
        let failing = TestSubscriber<Data, Error>()
        Fail<Item, TestError>(error: .oops).encode(encoder: JSONEncoder()).subscribe(failing)
        if case .failure(let error)? = failing.completion { #expect(error as? TestError == .oops) } else { Issue.record("expected failure") }
        let subject = PassthroughSubject<Item, Never>()
        let cancelled = TestSubscriber<Data, Error>()
        subject.encode(encoder: JSONEncoder()).subscribe(cancelled)
        cancelled.cancel()
        subject.send(Item(name: "x"))
        #expect(cancelled.values.isEmpty)
    }

    // Combine: encode and decode ignore a cancel before their upstream subscription arrived and accept that
    // subscription when it comes (OpenCombine EncodeTests, testEncodeCancelBeforeSubscription,
    // testDecodeCancelBeforeSubscription).
    // A cancel from the downstream, which holds the subscription, cancels the upstream and lets it go
    // (testEncodeCancelsSubscriptionThenReleasesIt, testDecodeCancelsSubscriptionThenReleasesIt).
    @Test func aCancelBeforeTheSubscriptionIsIgnored() throws {
        try expectCancelIgnoredOnlyBeforeTheSubscription { $0.encode(encoder: JSONEncoder()) }
        try expectCancelIgnoredOnlyBeforeTheSubscription { $0.decode(type: String.self, decoder: DigitsDecoder()) }
    }

    // Combine: encode and decode pass on a completion that comes before their subscription, and cancel a
    // subscription that arrives after it (OpenCombine EncodeTests, testEncodeReceiveCompletionBeforeSubscription,
    // testDecodeReceiveCompletionBeforeSubscription).
    @Test func aCompletionBeforeTheSubscriptionIsPassedOn() {
        let encoding = completeThenSubscribeLate { $0.encode(encoder: JSONEncoder()) }
        #expect(encoding.subscriber.completions.count == 1)
        if case .finished? = encoding.subscriber.completions.first {} else { Issue.record("expected finished") }
        #expect(encoding.late.events == [.cancelled])
        #expect(encoding.subscriber.subscription == nil)
        let decoding = completeThenSubscribeLate(.failure(.oops)) { $0.decode(type: String.self, decoder: DigitsDecoder()) }
        #expect(decoding.subscriber.completions.count == 1)
        if case .failure(let error)? = decoding.subscriber.completions.first { #expect(error as? TestError == .oops) } else { Issue.record("expected failure") }
        #expect(decoding.late.events == [.cancelled])
    }

    // Combine: decode fails the stream when a value that comes before its subscription cannot be decoded
    // (OpenCombine EncodeTests, testDecodeReceiveValueBeforeSubscription). CombineKit never passes the value of
    // such an element on (the downstream has asked for none): one that decodes is dropped.
    @Test func aValueBeforeTheSubscriptionThatFailsToDecodeFailsTheStream() throws {
        let upstream = LateSubscriptionPublisher<Data, Never>()
        let subscriber = ManualSubscriber<Int, Error>(demandPerValue: .max(42))
        upstream.decode(type: Int.self, decoder: JSONDecoder()).subscribe(subscriber)
        #expect(upstream.subscriber?.receive(Data("7".utf8)) == Subscribers.Demand.none)
        #expect(subscriber.completions.isEmpty)
        #expect(upstream.subscriber?.receive(Data("not json".utf8)) == Subscribers.Demand.none)
        #expect(upstream.subscriber?.receive(Data("8".utf8)) == Subscribers.Demand.none)
        #expect(subscriber.values == [])
        #expect(subscriber.completions.count == 1)
        if case .failure(let error)? = subscriber.completions.first { #expect(error is DecodingError) } else { Issue.record("expected failure") }
        let late = RecordingSubscription()
        upstream.sendSubscription(late)
        #expect(late.events == [.cancelled])
        #expect(subscriber.subscription == nil)
    }

    // Deliberate difference (MigrationGuide): Combine's encode passes on a value that comes before its
    // subscription (OpenCombine EncodeTests, testEncodeReceiveValueBeforeSubscription); CombineKit drops it.
    @Test func aValueBeforeTheSubscriptionIsNotPassedOn() {
        let upstream = LateSubscriptionPublisher<Item, Never>()
        let subscriber = ManualSubscriber<Data, Error>(demandPerValue: .max(42))
        upstream.encode(encoder: JSONEncoder()).subscribe(subscriber)
        #expect(upstream.subscriber?.receive(Item(name: "a")) == Subscribers.Demand.none)
        #expect(subscriber.values.isEmpty && subscriber.completions.isEmpty)
    }
}
