import CombineKit

/// A publisher's event reified as a value: what `materialize()` emits and `dematerialize()` reads
/// (RxSwift's `Event<Element>`, with a typed failure; named so it does not clash with RxKit's `Event`).
public enum PublisherEvent<Output, Failure: Error> {
    /// A value (RxSwift's `.next`).
    case value(Output)
    /// Normal completion (RxSwift's `.completed`).
    case finished
    /// Failure (RxSwift's `.error`).
    case failure(Failure)
}

extension PublisherEvent: Equatable where Output: Equatable, Failure: Equatable {}
extension PublisherEvent: Hashable where Output: Hashable, Failure: Hashable {}
extension PublisherEvent: Sendable where Output: Sendable, Failure: Sendable {}
