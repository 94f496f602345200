extension Future where Failure == Never {
    /// The future's value, awaited asynchronously: subscribes, and returns the value once the promise is
    /// fulfilled (at once when it already is). Like `Task.value`, the wait ignores task cancellation.
    /// (Combine: `Future.value`, iOS 15 / macOS 12 and later.)
    public var value: Output {
        get async {
            switch await awaitResult() {
            case .success(let value): return value
            }
        }
    }
}

extension Future {
    /// The future's value, awaited asynchronously: subscribes, and returns the value once the promise is
    /// fulfilled with success, or throws the error it is fulfilled with. Like `Task.value`, the wait ignores
    /// task cancellation. (Combine: `Future.value`, iOS 15 / macOS 12 and later.)
    public var value: Output {
        get async throws {
            try await awaitResult().get()
        }
    }

    private func awaitResult() async -> Result<Output, Failure> {
        let bridge = AsyncBridge<Output, Failure>()
        subscribe(bridge)
        switch await bridge.next() {
        case .success(let value?): return .success(value)
        case .failure(let error): return .failure(error)
        case .success(nil): preconditionFailure("Future finished without a value; a fulfilled promise always delivers one.")
        }
    }
}
