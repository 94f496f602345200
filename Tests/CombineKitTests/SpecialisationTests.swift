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

@Suite struct FusedOperatorTests {
    typealias Source = AnyPublisher<Int, Never>
    let source: Source = [1, 2, 3, 4, 5, 6].publisher.eraseToAnyPublisher()

    @Test func filterThenFilterFusesAndAsksTheFirstClosureFirst() {
        var calls: [String] = []
        let fused = source.filter { calls.append("a\($0)"); return $0 > 2 }.filter { calls.append("b\($0)"); return isEven($0) }
        expectEvents(fused, is: Publishers.Filter<Source>.self, [.value(4), .value(6), .finished],
                     sameAs: source.filter { $0 > 2 }.generic.filter(isEven))
        #expect(calls == ["a1", "a2", "a3", "b3", "a4", "b4", "a5", "b5", "a6", "b6"])
    }

    @Test func filterThenTryFilterFusesIntoTryFilter() {
        let fused = source.filter { $0 > 2 }.tryFilter { value in try isEvenOrThrow(value == 5 ? -1 : value) }
        expectEvents(fused, is: Publishers.TryFilter<Source>.self, [.value(4), .failure("oops")],
                     sameAs: source.filter { $0 > 2 }.generic.tryFilter { value in try isEvenOrThrow(value == 5 ? -1 : value) })
        // The first closure rejects 1 before the second one (which would throw for it) is asked.
        let guarded = source.filter { $0 > 1 }.tryFilter { value in try isEvenOrThrow(value == 1 ? -1 : value) }
        expectEvents(guarded, is: Publishers.TryFilter<Source>.self, [.value(2), .value(4), .value(6), .finished],
                     sameAs: source.filter { $0 > 1 }.generic.tryFilter { value in try isEvenOrThrow(value == 1 ? -1 : value) })
    }

    @Test func tryFilterThenFilterFusesIntoTryFilter() {
        var calls: [String] = []
        let fused = source.tryFilter { calls.append("a\($0)"); return try isEvenOrThrow($0 == 5 ? -1 : $0) }
            .filter { calls.append("b\($0)"); return $0 > 2 }
        expectEvents(fused, is: Publishers.TryFilter<Source>.self, [.value(4), .failure("oops")],
                     sameAs: source.tryFilter { try isEvenOrThrow($0 == 5 ? -1 : $0) }.generic.filter { $0 > 2 })
        #expect(calls == ["a1", "a2", "b2", "a3", "a4", "b4", "a5"])
    }

    @Test func tryFilterThenTryFilterFusesAndEitherMayFail() {
        var calls: [String] = []
        let fused = source.tryFilter { calls.append("a\($0)"); return $0 > 1 }
            .tryFilter { calls.append("b\($0)"); return try isEvenOrThrow($0 == 3 ? -1 : $0) }
        expectEvents(fused, is: Publishers.TryFilter<Source>.self, [.value(2), .failure("oops")],
                     sameAs: source.tryFilter { $0 > 1 }.generic.tryFilter { try isEvenOrThrow($0 == 3 ? -1 : $0) })
        #expect(calls == ["a1", "a2", "b2", "a3", "b3"])
        let firstFails = source.tryFilter { try isEvenOrThrow($0 == 2 ? -1 : $0) }.tryFilter { _ in true }
        expectEvents(firstFails, is: Publishers.TryFilter<Source>.self, [.failure("oops")],
                     sameAs: source.tryFilter { try isEvenOrThrow($0 == 2 ? -1 : $0) }.generic.tryFilter { _ in true })
    }

    @Test func compactMapThenCompactMapFuses() {
        var calls: [String] = []
        let fused = source.compactMap { calls.append("a\($0)"); return $0 > 3 ? $0 * 10 : nil }
            .compactMap { calls.append("b\($0)"); return $0 == 50 ? nil : "\($0)" }
        expectEvents(fused, is: Publishers.CompactMap<Source, String>.self, [.value("40"), .value("60"), .finished],
                     sameAs: source.compactMap { $0 > 3 ? $0 * 10 : nil }.generic.compactMap { $0 == 50 ? nil : "\($0)" })
        #expect(calls == ["a1", "a2", "a3", "a4", "b40", "a5", "b50", "a6", "b60"])
    }

    @Test func compactMapThenMapFusesIntoCompactMap() {
        let fused = source.compactMap { $0 > 4 ? $0 : nil }.map { $0 + 100 }
        expectEvents(fused, is: Publishers.CompactMap<Source, Int>.self, [.value(105), .value(106), .finished],
                     sameAs: source.compactMap { $0 > 4 ? $0 : nil }.generic.map { $0 + 100 })
    }

    @Test func tryCompactMapThenCompactMapFusesAndEitherMayFail() {
        let fused = source.tryCompactMap { $0 > 2 ? $0 : nil }.compactMap { $0 == 5 ? try doubledOrThrow(-1) : try doubledOrThrow($0) }
        expectEvents(fused, is: Publishers.TryCompactMap<Source, Int>.self, [.value(6), .value(8), .failure("oops")],
                     sameAs: source.tryCompactMap { $0 > 2 ? $0 : nil }.generic.tryCompactMap { $0 == 5 ? try doubledOrThrow(-1) : try doubledOrThrow($0) })
        let firstFails = source.tryCompactMap { $0 == 2 ? try doubledOrThrow(-1) : $0 }.compactMap { "\($0)" }
        expectEvents(firstFails, is: Publishers.TryCompactMap<Source, String>.self, [.value("1"), .failure("oops")],
                     sameAs: source.tryCompactMap { $0 == 2 ? try doubledOrThrow(-1) : $0 }.generic.compactMap { "\($0)" })
    }

    @Test func mapsFuseAndApplyInOrder() {
        let mapMap = source.map { $0 + 1 }.map { $0 * 10 }
        expectEvents(mapMap, is: Publishers.Map<Source, Int>.self, [20, 30, 40, 50, 60, 70].map(StreamEvent.value) + [.finished],
                     sameAs: source.map { $0 + 1 }.generic.map { $0 * 10 })
        let mapTryMap = source.map { $0 - 3 }.tryMap(doubledOrThrow)
        expectEvents(mapTryMap, is: Publishers.TryMap<Source, Int>.self, [.failure("oops")],
                     sameAs: source.map { $0 - 3 }.generic.tryMap(doubledOrThrow))
        let tryMapMap = source.tryMap { try doubledOrThrow($0 == 3 ? -1 : $0) }.map { $0 + 1 }
        expectEvents(tryMapMap, is: Publishers.TryMap<Source, Int>.self, [.value(3), .value(5), .failure("oops")],
                     sameAs: source.tryMap { try doubledOrThrow($0 == 3 ? -1 : $0) }.generic.map { $0 + 1 })
        let tryMapTryMap = source.tryMap { $0 * 10 }.tryMap { try doubledOrThrow($0 == 20 ? -1 : $0) }
        expectEvents(tryMapTryMap, is: Publishers.TryMap<Source, Int>.self, [.value(20), .failure("oops")],
                     sameAs: source.tryMap { $0 * 10 }.generic.tryMap { try doubledOrThrow($0 == 20 ? -1 : $0) })
    }

    @Test func setFailureTypeTwiceKeepsOneWrapper() {
        let twice = source.setFailureType(to: TestError.self).setFailureType(to: Error.self)
        expectEvents(twice, is: Publishers.SetFailureType<Source, Error>.self, [1, 2, 3, 4, 5, 6].map(StreamEvent.value) + [.finished],
                     sameAs: source.setFailureType(to: Error.self))
    }

    @Test func mergeManyMergedWithOneMoreStaysMergeMany() {
        let merged = Publishers.MergeMany(Just(1), Just(2)).merge(with: Just(3))
        expectEvents(merged, is: Publishers.MergeMany<Just<Int>>.self, [.value(1), .value(2), .value(3), .finished],
                     sameAs: Publishers.MergeMany(Just(1), Just(2)).generic.merge(with: Just(3)))
    }
}

@Suite struct WideningMergeTests {
    typealias J = Just<Int>

    /// The values `merged` publishes, in order, if it then finishes (nil otherwise).
    func mergedValues<P: Publisher>(_ merged: P) -> [Int]? where P.Output == Int {
        let events = streamEvents(merged)
        guard events.last == .finished else { return nil }
        return events.dropLast().compactMap { if case .value(let value) = $0 { return value } else { return nil } }
    }

    @Test func mergeWidensUpToMerge8() {
        let m2 = J(1).merge(with: J(2))
        let m3: Publishers.Merge3<J, J, J> = m2.merge(with: J(3))
        let m4: Publishers.Merge4<J, J, J, J> = m2.merge(with: J(3), J(4))
        let m5: Publishers.Merge5<J, J, J, J, J> = m2.merge(with: J(3), J(4), J(5))
        let m6: Publishers.Merge6<J, J, J, J, J, J> = m2.merge(with: J(3), J(4), J(5), J(6))
        let m7: Publishers.Merge7<J, J, J, J, J, J, J> = m2.merge(with: J(3), J(4), J(5), J(6), J(7))
        let m8: Publishers.Merge8<J, J, J, J, J, J, J, J> = m2.merge(with: J(3), J(4), J(5), J(6), J(7), J(8))
        #expect(mergedValues(m3) == Array(1...3))
        #expect(mergedValues(m4) == Array(1...4))
        #expect(mergedValues(m5) == Array(1...5))
        #expect(mergedValues(m6) == Array(1...6))
        #expect(mergedValues(m7) == Array(1...7))
        #expect(mergedValues(m8) == Array(1...8))
    }

    @Test func merge3To7Widen() {
        let m3 = J(1).merge(with: J(2), J(3))
        let m3to4: Publishers.Merge4<J, J, J, J> = m3.merge(with: J(4))
        let m3to5: Publishers.Merge5<J, J, J, J, J> = m3.merge(with: J(4), J(5))
        let m3to6: Publishers.Merge6<J, J, J, J, J, J> = m3.merge(with: J(4), J(5), J(6))
        let m3to7: Publishers.Merge7<J, J, J, J, J, J, J> = m3.merge(with: J(4), J(5), J(6), J(7))
        let m3to8: Publishers.Merge8<J, J, J, J, J, J, J, J> = m3.merge(with: J(4), J(5), J(6), J(7), J(8))
        #expect(mergedValues(m3to4) == Array(1...4))
        #expect(mergedValues(m3to5) == Array(1...5))
        #expect(mergedValues(m3to6) == Array(1...6))
        #expect(mergedValues(m3to7) == Array(1...7))
        #expect(mergedValues(m3to8) == Array(1...8))

        let m4 = m3.merge(with: J(4))
        let m4to5: Publishers.Merge5<J, J, J, J, J> = m4.merge(with: J(5))
        let m4to6: Publishers.Merge6<J, J, J, J, J, J> = m4.merge(with: J(5), J(6))
        let m4to7: Publishers.Merge7<J, J, J, J, J, J, J> = m4.merge(with: J(5), J(6), J(7))
        let m4to8: Publishers.Merge8<J, J, J, J, J, J, J, J> = m4.merge(with: J(5), J(6), J(7), J(8))
        #expect(mergedValues(m4to5) == Array(1...5))
        #expect(mergedValues(m4to6) == Array(1...6))
        #expect(mergedValues(m4to7) == Array(1...7))
        #expect(mergedValues(m4to8) == Array(1...8))

        let m5 = m4.merge(with: J(5))
        let m5to6: Publishers.Merge6<J, J, J, J, J, J> = m5.merge(with: J(6))
        let m5to7: Publishers.Merge7<J, J, J, J, J, J, J> = m5.merge(with: J(6), J(7))
        let m5to8: Publishers.Merge8<J, J, J, J, J, J, J, J> = m5.merge(with: J(6), J(7), J(8))
        #expect(mergedValues(m5to6) == Array(1...6))
        #expect(mergedValues(m5to7) == Array(1...7))
        #expect(mergedValues(m5to8) == Array(1...8))

        let m6 = m5.merge(with: J(6))
        let m6to7: Publishers.Merge7<J, J, J, J, J, J, J> = m6.merge(with: J(7))
        let m6to8: Publishers.Merge8<J, J, J, J, J, J, J, J> = m6.merge(with: J(7), J(8))
        #expect(mergedValues(m6to7) == Array(1...7))
        #expect(mergedValues(m6to8) == Array(1...8))

        let m7to8: Publishers.Merge8<J, J, J, J, J, J, J, J> = m6.merge(with: J(7)).merge(with: J(8))
        #expect(mergedValues(m7to8) == Array(1...8))
    }

    @Test func aWidenedMergeFailsWhenOneOfItsPublishersFails() {
        let failing = J(1).setFailureType(to: TestError.self).merge(with: Fail(error: .oops))
            .merge(with: Result<Int, TestError>.Publisher(3), Result<Int, TestError>.Publisher(4))
        #expect(type(of: failing) == Publishers.Merge4<Result<Int, TestError>.Publisher, Fail<Int, TestError>, Result<Int, TestError>.Publisher, Result<Int, TestError>.Publisher>.self)
        #expect(streamEvents(failing) == [.value(1), .failure("oops")])
    }
}

@Suite struct GenericCodeKeepsGenericOperatorsTests {
    /// Inside generic code only the generic operator is visible, whatever `P` turns out to be.
    func filteredTwice<P: Publisher>(_ publisher: P) -> Publishers.Filter<Publishers.Filter<P>> where P.Output == Int {
        publisher.filter { $0 > 1 }.filter(isEven)
    }

    func opaque() -> some Publisher<Int, Never> {
        [1, 2, 3, 4].publisher.generic.filter { $0 > 1 }
    }

    @Test func genericFunctionsAndOpaqueTypesUseTheGenericOperator() {
        let viaGeneric = filteredTwice(Just(4))
        #expect(streamEvents(viaGeneric) == [.value(4), .finished])
        #expect(streamEvents(filteredTwice([1, 2, 3, 4].publisher)) == [.value(2), .value(4), .finished])

        // The underlying type is a `Publishers.Filter`, but through `some Publisher` the filters don't fuse.
        let unfused = opaque().filter(isEven)
        #expect(unfused as Any is Publishers.Filter<Publishers.Filter<AnyPublisher<Int, Never>>>)
        #expect(streamEvents(unfused) == [.value(2), .value(4), .finished])

        let erasedJust: Publishers.FirstWhere<AnyPublisher<Int, Never>> = Just(4).eraseToAnyPublisher().first(where: isEven)
        #expect(streamEvents(erasedJust) == [.value(4), .finished])
    }
}
