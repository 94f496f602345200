import CombineKit
import CombineKitTest
import Foundation
import Testing

@Suite struct EncodeDecodeTests {
    struct Item: Codable, Equatable { var name: String }

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
}
