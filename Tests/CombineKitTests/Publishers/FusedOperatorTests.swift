import CombineKit
import CombineKitTest
import Testing

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
