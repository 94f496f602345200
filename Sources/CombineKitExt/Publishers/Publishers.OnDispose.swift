import CombineKit

extension Publisher {
    /// Runs `action` exactly once when the subscription ends: after the completion (finished or
    /// failed) has been delivered downstream, or after the upstream has been cancelled
    /// (RxSwift's `do(onDispose:)`). Demand passes straight through.
    public func onDispose(_ action: @escaping () -> Void) -> Publishers.OnDispose<Self> {
        Publishers.OnDispose(upstream: self, action: action)
    }
}

extension Publishers {
    /// A publisher that runs an action once when its subscription ends. See `Publisher.onDispose(_:)`.
    public struct OnDispose<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure

        /// The publisher being observed.
        public let upstream: Upstream
        /// Runs once per subscription, when it ends.
        public let action: () -> Void

        public init(upstream: Upstream, action: @escaping () -> Void) {
            self.upstream = upstream
            self.action = action
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(PassthroughInner<Output, Output, Failure, S>(
                downstream: subscriber, name: "OnDispose", transform: { $0 },
                mapCompletion: identityCompletion, onEnd: action))
        }
    }
}
