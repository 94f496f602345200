extension Publisher {
    /// The elements produced by the publisher, as a throwing asynchronous sequence.
    public var values: AsyncThrowingPublisher<Self> {
        AsyncThrowingPublisher(self)
    }
}

/// A publisher that exposes its elements as a throwing asynchronous sequence (a failure is thrown once; after it
/// `next()` returns `nil`). `makeAsyncIterator()` subscribes (as Combine's does); each `next()` requests one
/// element. Cancelling a task waiting in `next()`, or dropping the last copy of the iterator, cancels the
/// subscription and ends every waiting `next()` with `nil`.
public struct AsyncThrowingPublisher<P: Publisher>: AsyncSequence {
    public typealias Element = P.Output

    private let publisher: P

    /// Creates a publisher that exposes elements received from an upstream publisher as a throwing asynchronous sequence.
    public init(_ publisher: P) {
        self.publisher = publisher
    }

    public func makeAsyncIterator() -> Iterator {
        Iterator(publisher)
    }

    /// The iterator that produces elements of the asynchronous publisher sequence.
    public struct Iterator: AsyncIteratorProtocol {
        private let bridge: AsyncBridge<P.Output, P.Failure>
        private let lifetime: AsyncIteratorLifetime
        init(_ publisher: P) {
            let bridge = AsyncBridge<P.Output, P.Failure>()
            self.bridge = bridge
            self.lifetime = AsyncIteratorLifetime(bridge.cancel)
            publisher.subscribe(bridge)
        }

        public mutating func next() async throws -> P.Output? {
            let bridge = self.bridge
            let result = await withTaskCancellationHandler {
                await bridge.next()
            } onCancel: {
                bridge.cancel()
            }
            return try result.get()
        }
    }
}
