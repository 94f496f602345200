import CombineKit

extension Publisher {
    /// Turns a failure into a normal completion (RxSwift's `catch { _ in .empty() }`; CombineExt's
    /// `ignoreFailure()`). Values pass through with their demand.
    public func ignoreFailure() -> Publishers.IgnoreFailure<Self, Never> {
        Publishers.IgnoreFailure(upstream: self)
    }

    /// Turns a failure into a normal completion and gives the result another failure type (it
    /// never fails), for joining with publishers that can.
    public func ignoreFailure<NewFailure: Error>(setFailureType failureType: NewFailure.Type) -> Publishers.IgnoreFailure<Self, NewFailure> {
        Publishers.IgnoreFailure(upstream: self)
    }
}

extension Publishers {
    /// A publisher that finishes instead of failing. See `Publisher.ignoreFailure()`.
    public struct IgnoreFailure<Upstream: Publisher, Failure: Error>: Publisher {
        public typealias Output = Upstream.Output

        /// The publisher whose failure is ignored.
        public let upstream: Upstream

        public init(upstream: Upstream) { self.upstream = upstream }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(PassthroughInner<Output, Output, Upstream.Failure, S>(
                downstream: subscriber, name: "IgnoreFailure", transform: { $0 },
                mapCompletion: { _ in .finished }))
        }
    }
}
