import RxKit

extension BlockingObservable {
    /// Blocks until the sequence terminates and returns all its elements; throws the error it failed with
    /// (or `RxError.timeout`). Same as RxBlocking's `toArray()`.
    public func toArray() throws -> [Element] {
        try materializeResult().elementsOrThrow()
    }

    /// Blocks until the sequence produces its first element (then disposes the subscription) or terminates;
    /// returns that element, or `nil` for an empty sequence. Throws the error it failed with first (or
    /// `RxError.timeout`). Same as RxBlocking's `first()`.
    public func first() throws -> Element? {
        try materializeResult(max: 1).elementsOrThrow().first
    }

    /// Blocks until the sequence terminates and returns its last element, or `nil` for an empty sequence.
    /// Throws the error it failed with (or `RxError.timeout`). Same as RxBlocking's `last()`.
    public func last() throws -> Element? {
        try materializeResult().elementsOrThrow().last
    }

    /// Blocks until the sequence terminates and returns its only element. Throws `RxError.noElements` for an
    /// empty sequence, `RxError.moreThanOneElement` as soon as a second element arrives, or the error the
    /// sequence failed with. Same as RxBlocking's `single()`.
    public func single() throws -> Element {
        try single { _ in true }
    }

    /// Blocks until the sequence terminates and returns its only element satisfying `predicate`. Throws
    /// `RxError.noElements` if none does, `RxError.moreThanOneElement` as soon as a second one arrives, or the
    /// error the sequence (or `predicate`) failed with. Same as RxBlocking's `single(_:)`.
    public func single(_ predicate: @escaping (Element) throws -> Bool) throws -> Element {
        let elements = try materializeResult(max: 2, predicate: predicate).elementsOrThrow()
        if elements.count > 1 { throw RxError.moreThanOneElement }
        guard let element = elements.first else { throw RxError.noElements }
        return element
    }

    /// Blocks until the sequence terminates and returns how it ended with the elements produced until then;
    /// never throws (a timeout is `.failed(elements:error: RxError.timeout)`). Same as RxBlocking's
    /// `materialize()`.
    public func materialize() -> MaterializedSequenceResult<Element> {
        materializeResult()
    }
}

extension BlockingObservable {
    /// Subscribes, blocks until the sequence terminates, `max` elements satisfying `predicate` have arrived,
    /// or the timeout passes, and disposes the subscription.
    private func materializeResult(max: Int? = nil,
                                   predicate: @escaping (Element) throws -> Bool = { _ in true }) -> MaterializedSequenceResult<Element> {
        let collector = BlockingCollector<Element>(max: max, predicate: predicate)
        let lock = RunLoopLock(timeout: timeout)
        let subscription = SingleAssignmentDisposable()
        defer { subscription.dispose() }

        lock.dispatch {
            subscription.setDisposable(source.subscribe { event in
                if collector.on(event) {
                    subscription.dispose()
                    lock.stop()
                }
            })
        }
        var timeoutError: Swift.Error?
        do {
            try lock.run()
        } catch {
            timeoutError = error
        }
        return collector.finish(timeoutError: timeoutError)
    }
}

extension MaterializedSequenceResult {
    fileprivate func elementsOrThrow() throws -> [T] {
        switch self {
        case .completed(let elements): return elements
        case .failed(_, let error): throw error
        }
    }
}
