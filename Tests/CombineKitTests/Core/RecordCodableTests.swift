import CombineKit
import CombineKitTest
import Foundation
import Testing

@Suite struct RecordCodableTests {
    typealias Recorded = Record<Int, CodableFailure>

    @Test func roundTripsInCombinesForm() throws {
        let failed = Recorded(output: [1, 2, 3], completion: .failure(CodableFailure(code: 7)))
        #expect(try json(failed) == #"{"recording":{"completion":{"error":{"code":7},"success":false},"output":[1,2,3]}}"#)
        let decoded = try decode(Recorded.self, from: try json(failed))
        #expect(decoded.recording.output == [1, 2, 3])
        #expect(decoded.recording.completion == .failure(CodableFailure(code: 7)))
        #expect(streamEvents(decoded) == [.value(1), .value(2), .value(3), .failure("CodableFailure(code: 7)")])

        let finished = try decode(Recorded.self, from: #"{"recording":{"output":[],"completion":{"success":true}}}"#)
        #expect(finished.recording.output == [])
        #expect(streamEvents(finished) == [.finished])
    }

    @Test func aRecordingRoundTripsOnItsOwn() throws {
        var recording = Recorded.Recording()
        recording.receive(5)
        recording.receive(completion: .finished)
        #expect(try json(recording) == #"{"completion":{"success":true},"output":[5]}"#)
        let decoded = try decode(Recorded.Recording.self, from: try json(recording))
        #expect(decoded.output == [5])
        #expect(decoded.completion == .finished)
    }

    @Test func aDecodedRecordingIsComplete() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var decoded = try JSONDecoder().decode(Record<Int, CodableFailure>.Recording.self,
                                                   from: Data(#"{"output":[1],"completion":{"success":true}}"#.utf8))
            decoded.receive(2)
        }
        let resultMessage = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(resultMessage.contains("was called after receive(completion:)"))
    }

    @Test func malformedInputThrowsADecodingError() {
        #expect(missingKey(decodingError(Recorded.self, from: "{}")) == "recording")
        #expect(missingKey(decodingError(Recorded.self, from: #"{"recording":{"output":[1]}}"#)) == "completion")
        #expect(missingKey(decodingError(Recorded.self, from: #"{"recording":{"completion":{"success":true}}}"#)) == "output")
        #expect(missingKey(decodingError(Recorded.self, from: #"{"recording":{"output":[1],"completion":{}}}"#)) == "success")
        guard case .typeMismatch? = decodingError(Recorded.self, from: #"{"recording":{"output":["one"],"completion":{"success":true}}}"#) else {
            Issue.record("an output of the wrong type is a type mismatch")
            return
        }
        #expect(decodingError(Recorded.self, from: #"{"recording":[1,2]}"#) != nil)
        #expect(decodingError(Recorded.self, from: "not json") != nil)
    }
}
