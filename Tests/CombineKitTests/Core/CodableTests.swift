import CombineKit
import CombineKitTest
import Foundation
import Testing

/// A failure that can be encoded, for the `Codable` conformances that need `Failure: Codable`.
struct CodableFailure: Error, Codable, Equatable {
    var code: Int
}

/// `value` as sorted-key JSON text.
private func json<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

private func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(text.utf8))
}

/// The `DecodingError` decoding `text` as `type` throws (nil, and a recorded issue, if it throws nothing or
/// something else).
private func decodingError<T: Decodable>(_ type: T.Type, from text: String, sourceLocation: SourceLocation = #_sourceLocation) -> DecodingError? {
    do {
        let decoded = try decode(type, from: text)
        Issue.record("\(text) decoded as \(decoded)", sourceLocation: sourceLocation)
        return nil
    } catch let error as DecodingError {
        return error
    } catch {
        Issue.record("\(text) threw \(error), not a DecodingError", sourceLocation: sourceLocation)
        return nil
    }
}

/// The key a `keyNotFound` error names.
private func missingKey(_ error: DecodingError?) -> String? {
    if case .keyNotFound(let key, _)? = error { return key.stringValue }
    return nil
}

@Suite struct CompletionCodableTests {
    typealias Completion = Subscribers.Completion<CodableFailure>

    @Test func roundTripsInCombinesKeyedForm() throws {
        #expect(try json(Completion.finished) == #"{"success":true}"#)
        #expect(try json(Completion.failure(CodableFailure(code: 7))) == #"{"error":{"code":7},"success":false}"#)
        for completion in [Completion.finished, .failure(CodableFailure(code: 7))] {
            #expect(try decode(Completion.self, from: try json(completion)) == completion)
        }
    }

    @Test func decodesOnlyWhatItWouldEncode() {
        #expect(missingKey(decodingError(Completion.self, from: "{}")) == "success")
        #expect(missingKey(decodingError(Completion.self, from: #"{"success":false}"#)) == "error")
        #expect(missingKey(decodingError(Completion.self, from: #"{"success":false,"error":{}}"#)) == "code")
        guard case .typeMismatch? = decodingError(Completion.self, from: #"{"success":"yes"}"#) else {
            Issue.record("a non-Boolean success is a type mismatch")
            return
        }
        guard case .typeMismatch? = decodingError(Completion.self, from: #"{"success":false,"error":7}"#) else {
            Issue.record("an error that is not a failure is a type mismatch")
            return
        }
        guard case .dataCorrupted? = decodingError(Completion.self, from: #"{"success":true,"error":{"code":7}}"#) else {
            Issue.record("a finished completion with an error is corrupted data")
            return
        }
        #expect(decodingError(Completion.self, from: "[true]") != nil)
        #expect(decodingError([Completion].self, from: #"[{"success":true},{"success":null}]"#) != nil)
    }
}

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

@Suite struct DemandCodableTests {
    @Test func malformedDemandThrowsADecodingError() {
        #expect(decodingError([Subscribers.Demand].self, from: "[-1]") != nil)
        #expect(decodingError([Subscribers.Demand].self, from: #"["unlimited"]"#) != nil)
        #expect(decodingError([Subscribers.Demand].self, from: "[1.5]") != nil)
    }
}
