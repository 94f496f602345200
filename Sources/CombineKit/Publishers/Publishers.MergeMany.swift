extension Publishers {
    /// A publisher created by applying the merge function to an arbitrary number of upstream publishers.
    public struct MergeMany<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let publishers: [Upstream]

        public init(_ upstream: Upstream...) {
            publishers = upstream
        }

        public init<S: Swift.Sequence>(_ upstream: S) where S.Element == Upstream {
            publishers = Array(upstream)
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            guard !publishers.isEmpty else {
                subscriber.receive(subscription: Subscriptions.empty)
                subscriber.receive(completion: .finished)
                return
            }
            let coordinator = CombiningCoordinator<Output, S>(count: publishers.count, name: "Merge", downstream: subscriber, mode: .merge { $0 })
            CombiningCoordinator.start(coordinator, downstream: subscriber) {
                for (index, publisher) in publishers.enumerated() {
                    coordinator.attach(publisher, at: index) { $0 }
                }
            }
        }

        /// Adds one more publisher of the same type to merge, staying a `MergeMany`; Combine's
        /// `Publishers.MergeMany.merge(with:)` (developer.apple.com/documentation/combine/publishers/mergemany).
        public func merge(with other: Upstream) -> Publishers.MergeMany<Upstream> {
            Publishers.MergeMany(publishers + [other])
        }
    }
}
