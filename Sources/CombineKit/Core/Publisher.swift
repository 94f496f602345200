/// Declares that a type can transmit a sequence of values over time.
public protocol Publisher<Output, Failure> {
    /// The kind of values published by this publisher.
    associatedtype Output
    /// The kind of errors this publisher might publish.
    associatedtype Failure: Error

    /// Attaches the specified subscriber to this publisher. Called by `subscribe(_:)`.
    ///
    /// The subscriber is passed `consuming` (a convention, not a change of what conforming types write:
    /// `func receive<S: Subscriber>(subscriber: S)` still satisfies it, the compiler adapting the
    /// convention): an operator whose implementation is `consuming` too can move the subscriber into the
    /// subscriber or subscription it makes for its upstream, instead of copying it there and then
    /// destroying the original (a retain/release per reference in it), at every level of a chain.
    func receive<S: Subscriber>(subscriber: consuming S) where S.Input == Output, S.Failure == Failure
}

extension Publisher {
    /// Attaches the specified subscriber to this publisher.
    ///
    /// Operators subscribe their upstream with `receive(subscriber:)` itself rather than through this
    /// method (it adds nothing): a chain's inlinable `receive(subscriber:)` implementations are
    /// specialised level after level only while no generic function recurs at every level; this one did,
    /// and the specialiser's guard against unbounded specialisation then stopped after two levels.
    @inlinable
    public func subscribe<S: Subscriber>(_ subscriber: consuming S) where S.Input == Output, S.Failure == Failure {
        receive(subscriber: consume subscriber)
    }
}
