import CombineKit
import CombineKitTest
import Foundation
import Testing

@Suite struct RecordTests {
    @Test func replaysOutputAndCompletionForEachSubscriber() {
        let record = Record<Int, TestError>(output: [1, 2], completion: .failure(.oops))
        for _ in 0..<2 {
            let subscriber = TestSubscriber<Int, TestError>()
            record.subscribe(subscriber)
            #expect(subscriber.events == [.subscription(0), .value(0, 1), .value(0, 2), .failure(0, .oops)])
        }
    }

    @Test func recordingClosureAndLimitedDemand() {
        let record = Record<Int, Never> { recording in
            recording.receive(1)
            recording.receive(2)
            recording.receive(completion: .finished)
        }
        let subscriber = TestSubscriber<Int, Never>(initialDemand: .max(1))
        record.subscribe(subscriber)
        #expect(subscriber.values == [1])
        subscriber.request(.max(1))
        #expect(subscriber.events == [.subscription(0), .value(0, 1), .value(0, 2), .finished(0)])
    }

    // Combine: `Record.Recording.encode(into:)` writes the same form as `encode(to:)`.
    @Test func encodeIntoWritesTheRecordingsForm() throws {
        let recording = Record<Int, Never>.Recording(output: [3, 1], completion: .finished)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let viaEncodeInto = try encoder.encode(EncodedInto(recording: recording))
        #expect(String(decoding: viaEncodeInto, as: UTF8.self) == String(decoding: try encoder.encode(recording), as: UTF8.self))
        let decoded = try JSONDecoder().decode(Record<Int, Never>.Recording.self, from: viaEncodeInto)
        #expect(decoded.output == [3, 1])
    }

    // Combine: a record's subscription is described by its output and mirrors `sequence` and `completion`;
    // once over it is "Cancelled Events" with an empty `sequence` (OpenCombine RecordTests.testReflection,
    // testRecordNoInitialDemand).
    @Test func subscriptionDescribesItsOutputUntilOver() throws {
        let subscriber = ManualSubscriber<Int, TestError>()
        Record<Int, TestError>(output: [1, 2], completion: .failure(.oops)).subscribe(subscriber)
        let subscription = try #require(subscriber.subscription)
        #expect(String(describing: subscription) == "[1, 2]")
        let children = Mirror(reflecting: subscription).children.map { ($0.label, String(describing: $0.value)) }
        #expect(children.map(\.0) == ["sequence", "completion"])
        #expect(children.first?.1 == "[1, 2]")
        #expect(children.last?.1.contains("failure(") == true)
        subscription.request(.none)
        subscription.request(.max(2))
        #expect(subscriber.values == [1, 2])
        #expect(subscriber.completions == [.failure(.oops)])
        #expect(String(describing: subscription) == "Cancelled Events")
        #expect(Mirror(reflecting: subscription).children.first.map { String(describing: $0.value) } == "[]")
    }

    @Test func cancelledSubscriptionIsCancelledEvents() throws {
        let subscriber = ManualSubscriber<Int, Never>()
        Record<Int, Never>(output: [1, 2], completion: .finished).subscribe(subscriber)
        let subscription = try #require(subscriber.subscription)
        subscription.cancel()
        #expect(String(describing: subscription) == "Cancelled Events")
    }
}

/// Encodes a recording through `encode(into:)`.
private struct EncodedInto: Encodable {
    let recording: Record<Int, Never>.Recording
    func encode(to encoder: Encoder) throws { try recording.encode(into: encoder) }
}
