import CombineKit
import CombineKitTest
import Testing

// Tests for Combine's concrete-type operator specialisations. Each one is checked three ways:
// - its type: the result is first bound without any type context (`let p = source.op(…)`), then handed to
//   `expectEvents(_:is:…)` with the type Combine declares, so the file stops compiling if the overload is
//   missing or loses to the generic operator;
// - its events: values and completion, including the failure path of the `try` forms;
// - against the generic operator: the same operator applied through `AnyPublisher` (which has no
//   specialisations), or with an `AnyPublisher` between two fused stages, must publish the same events;
//   where Combine's own specialisation publishes something else than its generic operator, the test cites
//   the evidence for Combine's behaviour and checks what each of the two publishes (`unlike:publishing:`).

/// One event of a stream. Failures compare by description, so streams failing with `any Error` compare too.
enum StreamEvent<Value: Equatable>: Equatable, CustomStringConvertible {
    case value(Value)
    case finished
    case failure(String)

    var description: String {
        switch self {
        case .value(let value): return "value(\(value))"
        case .finished: return "finished"
        case .failure(let error): return "failure(\(error))"
        }
    }
}

/// Everything a synchronous `publisher` sends to a subscriber with unlimited demand.
func streamEvents<P: Publisher>(_ publisher: P) -> [StreamEvent<P.Output>] where P.Output: Equatable {
    let recorder = SinkRecorder(publisher)
    return recorder.values.map(StreamEvent.value) + recorder.completions.map { completion in
        switch completion {
        case .finished: return .finished
        case .failure(let error): return .failure(String(describing: error))
        }
    }
}

/// Checks that `publisher`, already bound, has type `P` (a compile-time check), publishes `expected`, and
/// publishes what `generic`, the generic operator's publisher, does.
func expectEvents<P: Publisher, G: Publisher>(
    _ publisher: P, is _: P.Type, _ expected: [StreamEvent<P.Output>], sameAs generic: G,
    sourceLocation: SourceLocation = #_sourceLocation

) where P.Output: Equatable, G.Output == P.Output {
    let events = streamEvents(publisher)
    #expect(events == expected, sourceLocation: sourceLocation)
    #expect(events == streamEvents(generic), "the generic operator publishes something else", sourceLocation: sourceLocation)
}

/// Checks that `publisher`, already bound, has type `P` (a compile-time check) and publishes `expected`, for a
/// specialisation that behaves as Combine's does and so not as the generic operator: `generic`, the generic
/// operator's publisher, publishes `genericEvents` instead.
func expectEvents<P: Publisher, G: Publisher>(
    _ publisher: P, is _: P.Type, _ expected: [StreamEvent<P.Output>], unlike generic: G, publishing genericEvents: [StreamEvent<G.Output>],
    sourceLocation: SourceLocation = #_sourceLocation

) where P.Output: Equatable, G.Output == P.Output {
    #expect(streamEvents(publisher) == expected, sourceLocation: sourceLocation)
    #expect(streamEvents(generic) == genericEvents, "the generic operator publishes something else", sourceLocation: sourceLocation)
    #expect(expected != genericEvents, "the specialisation and the generic operator agree here", sourceLocation: sourceLocation)
}

extension Publisher {
    /// This publisher behind `AnyPublisher`, where only the generic operators apply.
    var generic: AnyPublisher<Output, Failure> { eraseToAnyPublisher() }
}

extension Publisher where Output == Never {
    /// This publisher with an output type it never uses, to compare it with a publisher of `T`.
    func typed<T>(as _: T.Type) -> Publishers.Map<Self, T> { map(absurd) }
}

/// A value of any type from a value that cannot exist: for closures over `Never`.
func absurd<T>(_ never: Never) -> T {}

func isEven(_ value: Int) -> Bool { value.isMultiple(of: 2) }

/// Whether `value` is even; throws `TestError.oops` for a negative value.
func isEvenOrThrow(_ value: Int) throws -> Bool {
    if value < 0 { throw TestError.oops }
    return value.isMultiple(of: 2)
}

/// `value` doubled; throws `TestError.oops` for a negative value.
func doubledOrThrow(_ value: Int) throws -> Int {
    if value < 0 { throw TestError.oops }
    return value * 2
}
