import CombineKit
import CombineKitTest
import Testing

// Combine's specialisations on `Just`; see SpecialisationSupport.swift for the helpers and what they check.
@Suite struct JustSpecialisationTests {
    typealias Maybe = Optional<Int>.Publisher

    @Test func mapping() {
        let mapped = Just(4).map { "\($0)" }
        expectEvents(mapped, is: Just<String>.self, [.value("4"), .finished], sameAs: Just(4).generic.map { "\($0)" })
        let tried = Just(4).tryMap(doubledOrThrow)
        expectEvents(tried, is: Result<Int, Error>.Publisher.self, [.value(8), .finished], sameAs: Just(4).generic.tryMap(doubledOrThrow))
        let thrown = Just(-4).tryMap(doubledOrThrow)
        expectEvents(thrown, is: Result<Int, Error>.Publisher.self, [.failure("oops")], sameAs: Just(-4).generic.tryMap(doubledOrThrow))
        let failing = Just(4).setFailureType(to: TestError.self)
        expectEvents(failing, is: Result<Int, TestError>.Publisher.self, [.value(4), .finished],
                     sameAs: Just(4).generic.setFailureType(to: TestError.self))
        let mappedError = Just(4).mapError(absurd as (Never) -> TestError)
        expectEvents(mappedError, is: Result<Int, TestError>.Publisher.self, [.value(4), .finished],
                     sameAs: Just(4).generic.mapError(absurd as (Never) -> TestError))
    }

    @Test func scanningAndReducing() {
        let scanned = Just(4).scan(10, +)
        expectEvents(scanned, is: Result<Int, Never>.Publisher.self, [.value(14), .finished], sameAs: Just(4).generic.scan(10, +))
        let reduced = Just(4).reduce(10, -)
        expectEvents(reduced, is: Result<Int, Never>.Publisher.self, [.value(6), .finished], sameAs: Just(4).generic.reduce(10, -))
        let tryScanned = Just(4).tryScan(10) { try doubledOrThrow($0 - $1) }
        expectEvents(tryScanned, is: Result<Int, Error>.Publisher.self, [.value(12), .finished],
                     sameAs: Just(4).generic.tryScan(10) { try doubledOrThrow($0 - $1) })
        let tryScanThrows = Just(40).tryScan(10) { try doubledOrThrow($0 - $1) }
        expectEvents(tryScanThrows, is: Result<Int, Error>.Publisher.self, [.failure("oops")],
                     sameAs: Just(40).generic.tryScan(10) { try doubledOrThrow($0 - $1) })
        let tryReduced = Just(4).tryReduce(10) { try doubledOrThrow($0 + $1) }
        expectEvents(tryReduced, is: Result<Int, Error>.Publisher.self, [.value(28), .finished],
                     sameAs: Just(4).generic.tryReduce(10) { try doubledOrThrow($0 + $1) })
        let tryReduceThrows = Just(-40).tryReduce(10) { try doubledOrThrow($0 + $1) }
        expectEvents(tryReduceThrows, is: Result<Int, Error>.Publisher.self, [.failure("oops")],
                     sameAs: Just(-40).generic.tryReduce(10) { try doubledOrThrow($0 + $1) })
    }

    @Test func filtering() {
        for value in [3, 4] {
            let kept: [StreamEvent<Int>] = isEven(value) ? [.value(value), .finished] : [.finished]
            let dropped: [StreamEvent<Int>] = isEven(value) ? [.finished] : [.value(value), .finished]
            let filtered = Just(value).filter(isEven)
            expectEvents(filtered, is: Maybe.self, kept, sameAs: Just(value).generic.filter(isEven))
            let compacted = Just(value).compactMap { isEven($0) ? $0 : nil }
            expectEvents(compacted, is: Maybe.self, kept, sameAs: Just(value).generic.compactMap { isEven($0) ? $0 : nil })
            let droppedWhile = Just(value).drop(while: isEven)
            expectEvents(droppedWhile, is: Maybe.self, dropped, sameAs: Just(value).generic.drop(while: isEven))
            let prefixWhile = Just(value).prefix(while: isEven)
            expectEvents(prefixWhile, is: Maybe.self, kept, sameAs: Just(value).generic.prefix(while: isEven))
            let firstWhere = Just(value).first(where: isEven)
            expectEvents(firstWhere, is: Maybe.self, kept, sameAs: Just(value).generic.first(where: isEven))
            let lastWhere = Just(value).last(where: isEven)
            expectEvents(lastWhere, is: Maybe.self, kept, sameAs: Just(value).generic.last(where: isEven))
        }
    }

    @Test func countingPositions() {
        for count in [0, 1, 2] {
            let value: [StreamEvent<Int>] = [.value(7), .finished]
            let dropped = Just(7).dropFirst(count)
            expectEvents(dropped, is: Maybe.self, count == 0 ? value : [.finished], sameAs: Just(7).generic.dropFirst(count))
            let prefixed = Just(7).prefix(count)
            expectEvents(prefixed, is: Maybe.self, count == 0 ? [.finished] : value, sameAs: Just(7).generic.prefix(count))
            let atIndex = Just(7).output(at: count)
            expectEvents(atIndex, is: Maybe.self, count == 0 ? value : [.finished], sameAs: Just(7).generic.output(at: count))
        }
        let defaultDrop = Just(7).dropFirst()
        expectEvents(defaultDrop, is: Maybe.self, [.finished], sameAs: Just(7).generic.dropFirst())
        let inRange = Just(7).output(in: 0..<3)
        expectEvents(inRange, is: Maybe.self, [.value(7), .finished], sameAs: Just(7).generic.output(in: 0..<3))
        let inClosedRange = Just(7).output(in: 0...0)
        expectEvents(inClosedRange, is: Maybe.self, [.value(7), .finished], sameAs: Just(7).generic.output(in: 0...0))
        let pastIt = Just(7).output(in: 1...)
        expectEvents(pastIt, is: Maybe.self, [.finished], sameAs: Just(7).generic.output(in: 1...))
        let upTo = Just(7).output(in: ..<1)
        expectEvents(upTo, is: Maybe.self, [.value(7), .finished], sameAs: Just(7).generic.output(in: ..<1))
    }

    @Test func outputInLooksOnlyAtWhereTheRangeStarts() {
        // Combine: Just(12).output(in: 0..<0) publishes 12, output(in: -10..<10) nothing (OpenCombine JustTests.swift, FB6169621, run against Combine).
        let inEmptyRange = Just(7).output(in: 0..<0)
        expectEvents(inEmptyRange, is: Maybe.self, [.value(7), .finished], unlike: Just(7).generic.output(in: 0..<0), publishing: [.finished])
        // A range starting below 0 publishes nothing, where the generic `output(in:)` stops the program.
        let fromBelowZero: [Maybe] = [Just(7).output(in: -10..<10), Just(7).output(in: -10..<(-5)), Just(7).output(in: -1..<2),
                                      Just(7).output(in: -10...10), Just(7).output(in: (-10)...)]
        for publisher in fromBelowZero {
            #expect(streamEvents(publisher) == [.finished])
        }
        let everything = Just(7).output(in: 0..<Int.max)
        expectEvents(everything, is: Maybe.self, [.value(7), .finished], sameAs: Just(7).generic.output(in: 0..<Int.max))
    }

    @Test func negativeCountsAreRejectedLikeTheGenericOperators() async {
        // Combine: Just(12).output(at: -1) crashes (OpenCombine JustTests.swift, run against Combine).
        let atIndex = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Just(7).output(at: -1)
        }
        let atIndexMessage = String(decoding: atIndex?.standardErrorContent ?? [], as: UTF8.self)
        #expect(atIndexMessage.contains("Just.output(at:) was given a negative index"))
    }

    @Test func retryReturnsTheSameJustForAnyCount() {
        // Combine: Just.retry(_:) returns the Just itself (OpenCombine JustTests.testRetry, run against Combine);
        // the generic retry takes a negative count as "without limit", so no count is rejected.
        #expect(Just(7).retry(-1) == Just(7))
        #expect(Just(7).retry(Int.max) == Just(7))
        #expect(Optional.Publisher(7).retry(-1) == Optional.Publisher(7))
        #expect(Result<Int, TestError>.Publisher(.failure(.oops)).retry(-1).result == .failure(.oops))
    }

    @Test func aggregating() {
        let collected = Just(4).collect()
        expectEvents(collected, is: Just<[Int]>.self, [.value([4]), .finished], sameAs: Just(4).generic.collect())
        let counted = Just(4).count()
        expectEvents(counted, is: Just<Int>.self, [.value(1), .finished], sameAs: Just(4).generic.count())
        let first = Just(4).first()
        expectEvents(first, is: Just<Int>.self, [.value(4), .finished], sameAs: Just(4).generic.first())
        let last = Just(4).last()
        expectEvents(last, is: Just<Int>.self, [.value(4), .finished], sameAs: Just(4).generic.last())
        let ignored = Just(4).ignoreOutput()
        expectEvents(ignored, is: Empty<Int, Never>.self, [.finished], sameAs: Just(4).generic.ignoreOutput().typed(as: Int.self))
        let minimum = Just(4).min()
        expectEvents(minimum, is: Just<Int>.self, [.value(4), .finished], sameAs: Just(4).generic.min())
        let maximum = Just(4).max()
        expectEvents(maximum, is: Just<Int>.self, [.value(4), .finished], sameAs: Just(4).generic.max())
        var comparisons = 0
        let minimumBy = Just(4).min { comparisons += 1; return $0 < $1 }
        expectEvents(minimumBy, is: Just<Int>.self, [.value(4), .finished], sameAs: Just(4).generic.min(by: <))
        let maximumBy = Just(4).max { comparisons += 1; return $0 < $1 }
        expectEvents(maximumBy, is: Just<Int>.self, [.value(4), .finished], sameAs: Just(4).generic.max(by: <))
        #expect(comparisons == 0)
    }

    @Test func testing() {
        for value in [3, 4] {
            let satisfied = Just(value).allSatisfy(isEven)
            expectEvents(satisfied, is: Just<Bool>.self, [.value(isEven(value)), .finished], sameAs: Just(value).generic.allSatisfy(isEven))
            let containedWhere = Just(value).contains(where: isEven)
            expectEvents(containedWhere, is: Just<Bool>.self, [.value(isEven(value)), .finished],
                         sameAs: Just(value).generic.contains(where: isEven))
            let contained = Just(value).contains(4)
            expectEvents(contained, is: Just<Bool>.self, [.value(value == 4), .finished], sameAs: Just(value).generic.contains(4))
            let trySatisfied = Just(value).tryAllSatisfy(isEvenOrThrow)
            expectEvents(trySatisfied, is: Result<Bool, Error>.Publisher.self, [.value(isEven(value)), .finished],
                         sameAs: Just(value).generic.tryAllSatisfy(isEvenOrThrow))
            let tryContained = Just(value).tryContains(where: isEvenOrThrow)
            expectEvents(tryContained, is: Result<Bool, Error>.Publisher.self, [.value(isEven(value)), .finished],
                         sameAs: Just(value).generic.tryContains(where: isEvenOrThrow))
        }
        let satisfyThrows = Just(-3).tryAllSatisfy(isEvenOrThrow)
        expectEvents(satisfyThrows, is: Result<Bool, Error>.Publisher.self, [.failure("oops")], sameAs: Just(-3).generic.tryAllSatisfy(isEvenOrThrow))
        let containsThrows = Just(-3).tryContains(where: isEvenOrThrow)
        expectEvents(containsThrows, is: Result<Bool, Error>.Publisher.self, [.failure("oops")],
                     sameAs: Just(-3).generic.tryContains(where: isEvenOrThrow))
    }

    @Test func duplicatesErrorsAndRetries() {
        let deduplicated = Just(4).removeDuplicates()
        expectEvents(deduplicated, is: Just<Int>.self, [.value(4), .finished], sameAs: Just(4).generic.removeDuplicates())
        var calls = 0
        let deduplicatedBy = Just(4).removeDuplicates { calls += 1; return $0 == $1 }
        expectEvents(deduplicatedBy, is: Just<Int>.self, [.value(4), .finished], sameAs: Just(4).generic.removeDuplicates(by: ==))
        #expect(calls == 0)
        let replacedError = Just(4).replaceError(with: 0)
        expectEvents(replacedError, is: Just<Int>.self, [.value(4), .finished], sameAs: Just(4).generic.replaceError(with: 0))
        let replacedEmpty = Just(4).replaceEmpty(with: 0)
        expectEvents(replacedEmpty, is: Just<Int>.self, [.value(4), .finished], sameAs: Just(4).generic.replaceEmpty(with: 0))
        let retried = Just(4).retry(3)
        expectEvents(retried, is: Just<Int>.self, [.value(4), .finished], sameAs: Just(4).generic.retry(3))
    }

    @Test func tryRemoveDuplicatesCallsItsPredicateWithTheValueTwice() {
        // Combine calls the predicate with (value, value), so it can throw (OpenCombine JustTests.testTryRemoveDuplicatesOperatorSpecialization, run against Combine).
        var arguments: [[Int]] = []
        let throwing: (Int, Int) throws -> Bool = { arguments.append([$0, $1]); throw TestError.oops }
        let tryDeduplicated = Just(4).tryRemoveDuplicates(by: throwing)
        // The generic operator never calls its predicate for one value, so it publishes the value.
        expectEvents(tryDeduplicated, is: Result<Int, Error>.Publisher.self, [.failure("oops")], unlike: Just(4).generic.tryRemoveDuplicates(by: throwing),
                     publishing: [.value(4), .finished])
        #expect(arguments == [[4, 4]])
        // Whatever the predicate answers (even "a duplicate"), the value is published.
        let answered = Just(4).tryRemoveDuplicates { arguments.append([$0, $1]); return true }
        expectEvents(answered, is: Result<Int, Error>.Publisher.self, [.value(4), .finished], sameAs: Just(4).generic.tryRemoveDuplicates { _, _ in true })
        #expect(arguments == [[4, 4], [4, 4]])
    }

    @Test func appendingAndPrepending() {
        let appended = Just(1).append(2, 3)
        expectEvents(appended, is: Publishers.Sequence<[Int], Never>.self, [.value(1), .value(2), .value(3), .finished],
                     sameAs: Just(1).generic.append(2, 3))
        let appendedSequence = Just(1).append(2...3)
        expectEvents(appendedSequence, is: Publishers.Sequence<[Int], Never>.self, [.value(1), .value(2), .value(3), .finished],
                     sameAs: Just(1).generic.append(2...3))
        let prepended = Just(3).prepend(1, 2)
        expectEvents(prepended, is: Publishers.Sequence<[Int], Never>.self, [.value(1), .value(2), .value(3), .finished],
                     sameAs: Just(3).generic.prepend(1, 2))
        // Combine: `Just.prepend(_:)` with a sequence returns `Publishers.Sequence<[Output], Never>` too.
        let prependedSequence = Just(3).prepend(1...2)
        expectEvents(prependedSequence, is: Publishers.Sequence<[Int], Never>.self, [.value(1), .value(2), .value(3), .finished],
                     sameAs: Just(3).generic.prepend(1...2))
    }
}
