import Foundation
import RxKit
import RxKitTest
import Testing

@Suite struct DecodeTests {
    fileprivate struct Point: Codable, Equatable {
        let x: Int
        let y: Int
    }

    private static func json(_ text: String) -> Data { Data(text.utf8) }

    @Test func decodesEachDataElementWithTheDecoder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, Self.json(#"{"x":1,"y":2}"#)), .next(220, Self.json(#"{"x":3,"y":4}"#)), .completed(300),
        ])
        let res = scheduler.start { xs.decode(type: Point.self, decoder: JSONDecoder()) }
        #expect(res.events == [.next(210, Point(x: 1, y: 2)), .next(220, Point(x: 3, y: 4)), .completed(300)])
        #expect(xs.subscriptions == [Subscription(200, 300)])
    }

    @Test func acceptsAnyDataDecoder() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Data([1, 2])), .completed(300)])
        let res = scheduler.start { xs.decode(type: Int.self, decoder: ByteCountDecoder()) }
        #expect(res.events == [.next(210, 2), .completed(300)])
    }

    @Test func decodesWithPropertyListDecoder() throws {
        let encoded = try PropertyListEncoder().encode(Point(x: 5, y: 6))
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, encoded), .completed(300)])
        let res = scheduler.start { xs.decode(type: Point.self, decoder: PropertyListDecoder()) }
        #expect(res.events == [.next(210, Point(x: 5, y: 6)), .completed(300)])
    }

    @Test func aDecodingErrorEndsTheSequenceAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Self.json(#"{"x":1,"y":2}"#)), .next(220, Self.json("not json")), .completed(300)])
        let res = scheduler.start { xs.decode(type: Point.self, decoder: JSONDecoder()).materialize().map { $0.error is DecodingError ? "decoding error" : "\($0)" } }
        #expect(res.events == [.next(210, "next(Point(x: 1, y: 2))"), .next(220, "decoding error"), .completed(220)])
        #expect(xs.subscriptions == [Subscription(200, 220)])
    }

    @Test func forwardsUpstreamErrorAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(250, testError)] as [Recorded<Event<Data>>])
        let res = scheduler.start { xs.decode(type: Point.self, decoder: JSONDecoder()) }
        #expect(res.events == [.error(250, testError)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func disposalStopsDeliveryAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, Self.json("1")), .next(260, Self.json("2")), .completed(300)])
        let res = scheduler.start(disposed: 250) { xs.decode(type: Int.self, decoder: JSONDecoder()) }
        #expect(res.events == [.next(210, 1)])
        #expect(xs.subscriptions == [Subscription(200, 250)])
    }

    @Test func releasesEveryResource() {
        let delta = resourceDelta {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createColdObservable([.next(10, Self.json("1")), .next(15, Self.json("x")), .completed(20)])
            _ = scheduler.start { xs.decode(type: Int.self, decoder: JSONDecoder()) }
            _ = scheduler.start(disposed: 212) { xs.decode(type: Int.self, decoder: JSONDecoder()) }
        }
        #expect(delta == 0)
    }
}

/// A custom `DataDecoder`: decodes the number of bytes as an `Int`.
fileprivate struct ByteCountDecoder: DataDecoder {
    func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item {
        guard let count = data.count as? Item else { throw TestError(99) }
        return count
    }
}
