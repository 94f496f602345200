import CombineKit
import CombineKitTest
import Foundation
import Testing

/// A failure that can be encoded, for the `Codable` conformances that need `Failure: Codable`.
struct CodableFailure: Error, Codable, Equatable {
    var code: Int
}

/// `value` as sorted-key JSON text.
func json<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(text.utf8))
}

/// The `DecodingError` decoding `text` as `type` throws (nil, and a recorded issue, if it throws nothing or
/// something else).
func decodingError<T: Decodable>(_ type: T.Type, from text: String, sourceLocation: SourceLocation = #_sourceLocation) -> DecodingError? {
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
func missingKey(_ error: DecodingError?) -> String? {
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
        #expect(decodingError(Completion.self, from: "[true]") != nil)
        #expect(decodingError([Completion].self, from: #"[{"success":true},{"success":null}]"#) != nil)
    }

    // Combine decodes `"success": true` as `.finished` whatever else the object holds (OpenCombine
    // CompletionTests.testDecodingFinished, checked against Combine).
    @Test func finishedIgnoresAnErrorBesideIt() throws {
        #expect(try decode(Completion.self, from: #"{"success":true,"error":{"code":7}}"#) == .finished)
    }
}
