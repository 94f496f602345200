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
