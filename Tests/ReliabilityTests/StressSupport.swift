import Foundation
import GrammarChecking
import RxKit
import Testing

/// How hard the stress suites push: `STRESS_SCALE=10 swift test --filter Stress` runs ten times the
/// iterations CI runs. Pass criteria never depend on timing, only on counts and the grammar.
enum Stress {
    static let scale: Int = {
        if let text = ProcessInfo.processInfo.environment["STRESS_SCALE"], let value = Int(text), value > 0 {
            return value
        }
        return 1
    }()

    /// Rounds of a race (each round builds fresh objects).
    static var rounds: Int { 20 * scale }
    /// Values each sending thread sends per round.
    static let valuesPerThread = 250
    /// Sending threads per round (more threads than the 2 CI cores, so threads get preempted mid-call).
    static let threads = 4

    /// Only a deadlock guard, never a timing assertion: a healthy run takes well under a second.
    static let deadlockTimeout: DispatchTimeInterval = .seconds(120)

    /// Runs `body(thread)` on `count` new threads released together, and waits for all of them.
    /// Records a test failure (instead of hanging) if they do not finish within the deadlock guard.
    static func race(_ count: Int = threads, sourceLocation: SourceLocation = #_sourceLocation, _ body: @escaping @Sendable (Int) -> Void) {
        let start = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            let thread = Thread {
                start.wait()
                body(index)
                group.leave()
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
        for _ in 0..<count { start.signal() }
        let finished = group.wait(timeout: .now() + deadlockTimeout) == .success
        #expect(finished, "threads did not finish: deadlock", sourceLocation: sourceLocation)
    }
}

/// A thread-safe box for counters and collected values in stress tests.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) { stored = value }

    var value: Value { lock.withLock { stored } }

    func mutate<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&stored) }
    }
}

/// A grammar-checked Rx observer that records values (no clock, unlike `TestableObserver`), for
/// subscribing many times in a race.
final class CheckedObserver<Element>: ObserverType, @unchecked Sendable {
    let grammar = GrammarChecker(recorder: "CheckedObserver", checksSubscription: false)
    private let lock = NSLock()
    private var storedValues: [Element] = []
    private var storedTerminal: Event<Element>?

    var values: [Element] { lock.withLock { storedValues } }
    var terminal: Event<Element>? { lock.withLock { storedTerminal } }

    func on(_ event: Event<Element>) {
        let entry = grammar.enter(event.isStopEvent ? .terminal : .value, event: "\(event)")
        defer { grammar.leave(entry) }
        lock.withLock {
            switch event {
            case .next(let value): storedValues.append(value)
            default: storedTerminal = event
            }
        }
    }
}

/// Value sent by `thread` as its `index`-th value: distinct across threads, increasing per thread.
@inline(__always)
func stressValue(thread: Int, index: Int) -> Int { thread * 1_000_000 + index }

/// Checks that `values` holds each sender's values at most once and in the order sent; with
/// `complete: true`, exactly once each (no value lost).
func expectPerThreadOrder(_ values: [Int], threads: Int, perThread: Int, complete: Bool,
                          sourceLocation: SourceLocation = #_sourceLocation) {
    var next = Array(repeating: -1, count: threads)
    var ordered = true
    for value in values {
        let thread = value / 1_000_000
        let index = value % 1_000_000
        guard thread < threads, index > next[thread] else {
            ordered = false
            break
        }
        next[thread] = index
    }
    #expect(ordered, "a value arrived twice or out of its sender's order", sourceLocation: sourceLocation)
    if complete {
        #expect(values.count == threads * perThread, "values lost: got \(values.count) of \(threads * perThread)", sourceLocation: sourceLocation)
    }
}

/// Hands a non-Sendable publisher (one whose operator closures are not `@Sendable`) to stress threads.
/// Safe here because CombineKit publishers are immutable values whose subscriptions synchronise.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Runs `body` on a new thread; the returned semaphore is signalled when it returns.
func onAnotherThread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.start()
    return done
}
