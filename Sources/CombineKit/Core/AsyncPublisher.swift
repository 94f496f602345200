extension Publisher where Failure == Never {
    /// The elements produced by the publisher, as an asynchronous sequence.
    public var values: AsyncPublisher<Self> {
        AsyncPublisher(self)
    }
}

/// A publisher that exposes its elements as an asynchronous sequence. The iterator subscribes on
/// its first `next()` and requests one element per `next()`; cancelling the task cancels the subscription.
public struct AsyncPublisher<P: Publisher>: AsyncSequence where P.Failure == Never {
    public typealias Element = P.Output

    private let publisher: P

    /// Creates a publisher that exposes elements received from an upstream publisher as a asynchronous sequence.
    public init(_ publisher: P) {
        self.publisher = publisher
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(publisher)
    }

    /// The iterator that produces elements of the asynchronous publisher sequence.
    public struct Iterator: AsyncIteratorProtocol {
        private let bridge: AsyncBridge<P.Output, Never>
        private let lifetime: AsyncIteratorLifetime
        private let publisher: P

        init(_ publisher: P) {
            self.publisher = publisher
            self.bridge = AsyncBridge()
            self.lifetime = AsyncIteratorLifetime(bridge.cancel)
        }

        public mutating func next() async -> P.Output? {
            bridge.subscribeIfNeeded(publisher)
            let bridge = self.bridge
            let result = await withTaskCancellationHandler {
                await bridge.next()
            } onCancel: {
                bridge.cancel()
            }
            switch result {
            case .success(let value): return value
            }
        }
    }
}
