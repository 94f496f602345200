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
}

/// Encodes a recording through `encode(into:)`.
private struct EncodedInto: Encodable {
    let recording: Record<Int, Never>.Recording
    func encode(to encoder: Encoder) throws { try recording.encode(into: encoder) }
}
