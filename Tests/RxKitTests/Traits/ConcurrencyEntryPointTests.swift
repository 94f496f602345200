import Foundation
import RxKit
import Testing

/// The async/await entry points with RxSwift's and RxCocoa's parameters: `AsyncSequence.asObservable(priority:
/// detached:)`, `Single`/`Maybe`/`Completable`/`Infallible.from(priority:detached:_:)` and `Driver`/`Signal.from`.
/// No sleeps: every wait is on the sequence under test.
@Suite(.timeLimit(.minutes(1))) struct ConcurrencyEntryPointTests {
    /// Yields the priority of the task iterating it, once.
    struct CurrentPriority: AsyncSequence, Sendable {
        typealias Element = TaskPriority
        struct AsyncIterator: AsyncIteratorProtocol {
            var done = false
            mutating func next() async -> TaskPriority? {
                if done { return nil }
                done = true
                return Task.currentPriority
            }
        }
        func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
    }

    private func collect<Source: ObservableConvertibleType>(_ source: Source) async throws -> [Source.Element]
    where Source.Element: Sendable {
        var got: [Source.Element] = []
        for try await value in source.values { got.append(value) }
        return got
    }

    @Test func asyncSequenceAsObservableTakesPriorityAndDetached() async throws {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        continuation.yield(1)
        continuation.yield(2)
        continuation.finish()
        #expect(try await collect(stream.asObservable(priority: .high)) == [1, 2])
        #expect(try await collect(CurrentPriority().asObservable(priority: .high)) == [.high])
        #expect(try await collect(CurrentPriority().asObservable(priority: .low, detached: true)) == [.low])
        #expect(try await collect(CurrentPriority().asObservable(detached: true)).count == 1)
        #expect(try await collect(CurrentPriority().asObservable()).count == 1)
    }

    // RxSwift's AsyncSequence.asObservable catches `CancellationError` and completes (Observable+Concurrency.swift).
    @Test func asyncSequenceThrowingCancellationErrorCompletesAsRxSwiftDoes() async throws {
        let (stream, continuation) = AsyncThrowingStream<Int, Error>.makeStream()
        continuation.yield(1)
        continuation.finish(throwing: CancellationError())
        #expect(try await collect(stream.asObservable()) == [1])
        let (failing, failingContinuation) = AsyncThrowingStream<Int, Error>.makeStream()
        failingContinuation.finish(throwing: testError)
        await #expect(throws: TestError.self) { try await collect(failing.asObservable()) }
    }

    @Test func singleFromRunsTheBlockAtThePriority() async throws {
        #expect(try await Single.from { 42 }.value == 42)
        #expect(try await Single.from(priority: .high) { Task.currentPriority }.value == .high)
        #expect(try await Single.from(priority: .low, detached: true) { Task.currentPriority }.value == .low)
        await #expect(throws: TestError.self) { try await Single<Int>.from { throw testError }.value }
        #expect(try await Single.create(priority: .high) { Task.currentPriority }.value == .high)
    }

    @Test func maybeFromRunsTheBlockOrCompletesEmpty() async throws {
        #expect(try await Maybe.from { 3 }.value == 3)
        #expect(try await Maybe<Int>.from(nil).value == nil)
        #expect(try await Maybe.from(priority: .high, detached: true) { Task.currentPriority }.value == .high)
        await #expect(throws: TestError.self) { try await Maybe<Int>.from { throw testError }.value }
    }

    @Test func completableFromCompletesOrFails() async throws {
        try await Completable.from {}.value
        try await Completable.from(priority: .low, detached: true) { #expect(Task.currentPriority == .low) }.value
        await #expect(throws: TestError.self) { try await Completable.from { throw testError }.value }
    }

    @Test func infallibleFromEmitsTheResultAndCompletes() async throws {
        var got: [Int] = []
        for await value in Infallible.from({ 4 }).values { got.append(value) }
        #expect(got == [4])
        var priorities: [TaskPriority] = []
        for await value in Infallible.from(priority: .high, detached: true, { Task.currentPriority }).values {
            priorities.append(value)
        }
        #expect(priorities == [.high])
    }

    @Test func driverAndSignalFromRecoverAsRxCocoaDoes() async throws {
        try await SharingScheduler.mock(scheduler: ConcurrentDispatchQueueScheduler(qos: .default)) { () async throws in
            #expect(try await collect(Driver.from({ 1 }, onErrorJustReturn: -1)) == [1])
            #expect(try await collect(Driver<Int>.from({ throw testError }, onErrorJustReturn: -1)) == [-1])
            #expect(try await collect(Driver<Int>.from(priority: .high, { throw testError }, onErrorDriveWith: .just(-2))) == [-2])
            #expect(try await collect(Driver<Int>.from(detached: true, { throw testError }, onErrorRecover: { _ in .just(-3) })) == [-3])
            #expect(try await collect(Signal.from({ 5 }, onErrorJustReturn: -1)) == [5])
            #expect(try await collect(Signal<Int>.from({ throw testError }, onErrorJustReturn: -1)) == [-1])
            #expect(try await collect(Signal<Int>.from(priority: .low, { throw testError }, onErrorSignalWith: .just(-2))) == [-2])
            #expect(try await collect(Signal<Int>.from(detached: true, { throw testError }, onErrorRecover: { _ in .just(-3) })) == [-3])
        }
    }
}
