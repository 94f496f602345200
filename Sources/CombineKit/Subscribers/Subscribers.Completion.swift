extension Subscribers {
    /// A signal that a publisher doesn't produce additional elements, either due to normal completion
    /// or an error.
    public enum Completion<Failure: Error> {
        /// The publisher finished normally.
        case finished
        /// The publisher stopped publishing due to the indicated error.
        case failure(Failure)
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}
extension Subscribers.Completion: Sendable {}

// Codable as Combine declares it: `Encodable where Failure: Encodable`, `Decodable where Failure: Decodable`
// (developer.apple.com/documentation/combine/subscribers/completion). Apple does not document the encoded
// form; this is the keyed form Combine writes, as OpenCombine's RecordTests check against Combine itself:
// `.finished` is `{"success": true}` and `.failure(e)` is `{"success": false, "error": e}`.
extension Subscribers.Completion {
    private enum CodingKeys: String, CodingKey {
        case success
        case error
    }
}

extension Subscribers.Completion: Encodable where Failure: Encodable {
    /// Encodes `.finished` as `{"success": true}` and `.failure(e)` as `{"success": false, "error": e}`.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .finished:
            try container.encode(true, forKey: .success)
        case .failure(let error):
            try container.encode(false, forKey: .success)
            try container.encode(error, forKey: .error)
        }
    }
}

extension Subscribers.Completion: Decodable where Failure: Decodable {
    /// Decodes the form `encode(to:)` writes. Throws a `DecodingError` if `success` is missing or not a
    /// Boolean, if a failure has no decodable `error`, or if a finished completion carries an `error`.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if try container.decode(Bool.self, forKey: .success) {
            // As Combine's: an `error` beside `"success": true` is ignored.
            self = .finished
        } else {
            self = .failure(try container.decode(Failure.self, forKey: .error))
        }
    }
}

extension Subscribers.Completion {
    internal func mapError<NewFailure: Error>(_ transform: (Failure) -> NewFailure) -> Subscribers.Completion<NewFailure> {
        switch self {
        case .finished: return .finished
        case .failure(let error): return .failure(transform(error))
        }
    }

    internal func eraseError() -> Subscribers.Completion<Error> {
        switch self {
        case .finished: return .finished
        case .failure(let error): return .failure(error)
        }
    }
}

extension Subscribers.Completion where Failure == Never {
    internal func promoteError<NewFailure: Error>(to _: NewFailure.Type = NewFailure.self) -> Subscribers.Completion<NewFailure> {
        .finished
    }
}

/// Whether `completion` is `.finished`, answered without the metadata of `Completion<Failure>` when
/// `Failure` is `Never` (the common case of a stream that cannot fail): in unspecialised generic code,
/// matching a `Completion<Failure>` costs a runtime metadata look-up (a hash-table probe of several
/// hundred instructions), where comparing `Failure` with `Never` compares two metadata pointers.
///
/// Package-wide for CombineKitExt; not part of CombineKit's API.
@inlinable @inline(__always)
package func completionIsFinished<Failure: Error>(_ completion: Subscribers.Completion<Failure>) -> Bool {
    if Failure.self == Never.self { return true }
    return completionMatchesFinished(completion)
}

/// The look-up half of `completionIsFinished(_:)`, out of line: metadata accessors are pure functions
/// to the optimiser, which would otherwise hoist the look-up above the `Never` test.
@usableFromInline @inline(never)
internal func completionMatchesFinished<Failure: Error>(_ completion: Subscribers.Completion<Failure>) -> Bool {
    if case .finished = completion { return true }
    return false
}
