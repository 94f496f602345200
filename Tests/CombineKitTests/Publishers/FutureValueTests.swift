import CombineKit
import Testing

@Suite struct FutureValueTests {
    // Combine: `Future.value` (Failure == Never) returns the promised value once the promise is fulfilled.
    @Test func awaitsTheValueOfANeverFailingFuture() async {
        let promise = PromiseBox<Int, Never>()
        let future = Future<Int, Never> { promise.fulfil = $0 }
        let task = Task { await future.value }
        promise.fulfil?(.success(42))
        #expect(await task.value == 42)
    }

    // Combine: `Future.value` returns at once the value of a future fulfilled earlier.
    @Test func returnsTheValueOfAnAlreadyFulfilledFuture() async throws {
        let future = Future<String, TestError> { $0(.success("done")) }
        #expect(try await future.value == "done")
    }

    // Combine: `Future.value` (Failure: Error) throws the error the promise is fulfilled with.
    @Test func throwsTheFailure() async {
        let promise = PromiseBox<Int, TestError>()
        let future = Future<Int, TestError> { promise.fulfil = $0 }
        let task = Task { try await future.value }
        promise.fulfil?(.failure(.oops))
        await #expect(throws: TestError.oops) { try await task.value }
    }
}

/// Holds a future's promise so that a test can fulfil it later.
private final class PromiseBox<Output, Failure: Error>: @unchecked Sendable {
    var fulfil: ((Result<Output, Failure>) -> Void)?
}
