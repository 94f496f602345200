extension Publisher where Failure == Never {
    /// The elements produced by the publisher, as an asynchronous sequence.
    public var values: AsyncPublisher<Self> {
        AsyncPublisher(self)
    }
}

/// A publisher that exposes its elements as an asynchronous sequence. `makeAsyncIterator()` subscribes (as
/// Combine's does); each `next()` requests one element. Cancelling a task waiting in `next()`, or dropping the
/// last copy of the iterator, cancels the subscription and ends every waiting `next()` with `nil`.
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
        init(_ publisher: P) {
            let bridge = AsyncBridge<P.Output, P.Failure>()
            self.bridge = bridge
            self.lifetime = AsyncIteratorLifetime(bridge.cancel)
            publisher.subscribe(bridge)
        }

        public mutating func next() async -> P.Output? {
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
