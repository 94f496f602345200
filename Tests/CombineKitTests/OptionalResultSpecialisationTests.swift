import CombineKit
import CombineKitTest
import Testing

// Combine's specialisations on `Optional.Publisher` and `Result.Publisher`; see SpecialisationTests.swift for
// the helpers and what they check.
@Suite struct OptionalPublisherSpecialisationTests {
    typealias Maybe<T> = Optional<T>.Publisher
    /// A publisher of a value, and one of `nil`.
    let sources: [Int?] = [4, 3, nil]

    @Test func mapping() {
        for source in sources {
            let mapped = source.publisher.map { "\($0)" }
            expectEvents(mapped, is: Maybe<String>.self, source.map { [.value("\($0)"), .finished] } ?? [.finished],
                         sameAs: source.publisher.generic.map { "\($0)" })
            let scanned = source.publisher.scan(10, +)
            expectEvents(scanned, is: Maybe<Int>.self, source.map { [.value(10 + $0), .finished] } ?? [.finished],
                         sameAs: source.publisher.generic.scan(10, +))
            // For nil the generic `reduce` publishes its initial result, and so does the specialisation.
            let reduced = source.publisher.reduce(10, +)
            expectEvents(reduced, is: Maybe<Int>.self, [.value(10 + (source ?? 0)), .finished], sameAs: source.publisher.generic.reduce(10, +))
        }
    }

    @Test func filtering() {
        for source in sources {
            let kept: [StreamEvent<Int>] = source.map { isEven($0) ? [.value($0), .finished] : [.finished] } ?? [.finished]
            let dropped: [StreamEvent<Int>] = source.map { isEven($0) ? [.finished] : [.value($0), .finished] } ?? [.finished]
            let filtered = source.publisher.filter(isEven)
            expectEvents(filtered, is: Maybe<Int>.self, kept, sameAs: source.publisher.generic.filter(isEven))
            let compacted = source.publisher.compactMap { isEven($0) ? $0 : nil }
            expectEvents(compacted, is: Maybe<Int>.self, kept, sameAs: source.publisher.generic.compactMap { isEven($0) ? $0 : nil })
            let droppedWhile = source.publisher.drop(while: isEven)
            expectEvents(droppedWhile, is: Maybe<Int>.self, dropped, sameAs: source.publisher.generic.drop(while: isEven))
            let prefixWhile = source.publisher.prefix(while: isEven)
            expectEvents(prefixWhile, is: Maybe<Int>.self, kept, sameAs: source.publisher.generic.prefix(while: isEven))
            let firstWhere = source.publisher.first(where: isEven)
            expectEvents(firstWhere, is: Maybe<Int>.self, kept, sameAs: source.publisher.generic.first(where: isEven))
            let lastWhere = source.publisher.last(where: isEven)
            expectEvents(lastWhere, is: Maybe<Int>.self, kept, sameAs: source.publisher.generic.last(where: isEven))
        }
    }

    @Test func countingPositions() {
        for source in sources {
            let all: [StreamEvent<Int>] = source.map { [.value($0), .finished] } ?? [.finished]
            for count in [0, 1, 2] {
                let dropped = source.publisher.dropFirst(count)
                expectEvents(dropped, is: Maybe<Int>.self, count == 0 ? all : [.finished], sameAs: source.publisher.generic.dropFirst(count))
                let prefixed = source.publisher.prefix(count)
                expectEvents(prefixed, is: Maybe<Int>.self, count == 0 ? [.finished] : all, sameAs: source.publisher.generic.prefix(count))
                let atIndex = source.publisher.output(at: count)
                expectEvents(atIndex, is: Maybe<Int>.self, count == 0 ? all : [.finished], sameAs: source.publisher.generic.output(at: count))
            }
            let inRange = source.publisher.output(in: 0...2)
            expectEvents(inRange, is: Maybe<Int>.self, all, sameAs: source.publisher.generic.output(in: 0...2))
            let inEmptyRange = source.publisher.output(in: 0..<0)
            expectEvents(inEmptyRange, is: Maybe<Int>.self, [.finished], sameAs: source.publisher.generic.output(in: 0..<0))
            let pastIt = source.publisher.output(in: 1..<5)
            expectEvents(pastIt, is: Maybe<Int>.self, [.finished], sameAs: source.publisher.generic.output(in: 1..<5))
        }
    }

    @Test func aggregatingAnEmptyPublisherGivesTheGenericAnswer() {
        for source in sources {
            let counted = source.publisher.count()
            expectEvents(counted, is: Maybe<Int>.self, [.value(source == nil ? 0 : 1), .finished], sameAs: source.publisher.generic.count())
            let collected = source.publisher.collect()
            expectEvents(collected, is: Maybe<[Int]>.self, [.value(source.map { [$0] } ?? []), .finished],
                         sameAs: source.publisher.generic.collect())
            let satisfied = source.publisher.allSatisfy(isEven)
            expectEvents(satisfied, is: Maybe<Bool>.self, [.value(source.map(isEven) ?? true), .finished],
                         sameAs: source.publisher.generic.allSatisfy(isEven))
            let containedWhere = source.publisher.contains(where: isEven)
            expectEvents(containedWhere, is: Maybe<Bool>.self, [.value(source.map(isEven) ?? false), .finished],
                         sameAs: source.publisher.generic.contains(where: isEven))
            let contained = source.publisher.contains(4)
            expectEvents(contained, is: Maybe<Bool>.self, [.value(source == 4), .finished], sameAs: source.publisher.generic.contains(4))
        }
    }

    @Test func selectingTheOnlyValue() {
        for source in sources {
            let all: [StreamEvent<Int>] = source.map { [.value($0), .finished] } ?? [.finished]
            var comparisons = 0
            // Each of these hands back an `Optional.Publisher` of the same value; had one of them no
            // specialisation, the chain's type would change and this would not compile.
            let selected = source.publisher.first().last().min().max().removeDuplicates()
                .min { comparisons += 1; return $0 < $1 }.max { comparisons += 1; return $0 < $1 }
                .removeDuplicates { comparisons += 1; return $0 == $1 }
            expectEvents(selected, is: Maybe<Int>.self, all,
                         sameAs: source.publisher.generic.first().last().min().max().removeDuplicates().min(by: <).max(by: <).removeDuplicates(by: ==))
            #expect(comparisons == 0)
            let ignored = source.publisher.ignoreOutput()
            expectEvents(ignored, is: Empty<Int, Never>.self, [.finished], sameAs: source.publisher.generic.ignoreOutput().typed(as: Int.self))
            let replacedError = source.publisher.replaceError(with: 0)
            expectEvents(replacedError, is: Maybe<Int>.self, all, sameAs: source.publisher.generic.replaceError(with: 0))
            let retried = source.publisher.retry(2)
            expectEvents(retried, is: Maybe<Int>.self, all, sameAs: source.publisher.generic.retry(2))
            let replacedEmpty = source.publisher.replaceEmpty(with: 0)
            expectEvents(replacedEmpty, is: Just<Int>.self, [.value(source ?? 0), .finished], sameAs: source.publisher.generic.replaceEmpty(with: 0))
        }
    }
}

@Suite struct ResultPublisherSpecialisationTests {
    typealias Once<T> = Result<T, TestError>.Publisher
    typealias Tried<T> = Result<T, Error>.Publisher
    /// Successes, and a failure that every operator passes on.
    let sources: [Result<Int, TestError>] = [.success(4), .success(3), .failure(.other)]

    /// What a source publishes after `transform` maps its value.
    func expected<T>(_ source: Result<Int, TestError>, _ transform: (Int) -> T) -> [StreamEvent<T>] {
        switch source {
        case .success(let value): return [.value(transform(value)), .finished]
        case .failure(let error): return [.failure("\(error)")]
        }
    }

    @Test func mappingAndAggregating() {
        for source in sources {
            let mapped = source.publisher.map { "\($0)" }
            expectEvents(mapped, is: Once<String>.self, expected(source) { "\($0)" }, sameAs: source.publisher.generic.map { "\($0)" })
            let mappedError = source.publisher.mapError { _ in TestError.oops }
            expectEvents(mappedError, is: Once<Int>.self, (try? source.get()) == nil ? [.failure("oops")] : expected(source) { $0 },
                         sameAs: source.publisher.generic.mapError { _ in TestError.oops })
            let scanned = source.publisher.scan(10, +)
            expectEvents(scanned, is: Once<Int>.self, expected(source) { 10 + $0 }, sameAs: source.publisher.generic.scan(10, +))
            let reduced = source.publisher.reduce(10, -)
            expectEvents(reduced, is: Once<Int>.self, expected(source) { 10 - $0 }, sameAs: source.publisher.generic.reduce(10, -))
            let collected = source.publisher.collect()
            expectEvents(collected, is: Once<[Int]>.self, expected(source) { [$0] }, sameAs: source.publisher.generic.collect())
            let counted = source.publisher.count()
            expectEvents(counted, is: Once<Int>.self, expected(source) { _ in 1 }, sameAs: source.publisher.generic.count())
            let satisfied = source.publisher.allSatisfy(isEven)
            expectEvents(satisfied, is: Once<Bool>.self, expected(source, isEven), sameAs: source.publisher.generic.allSatisfy(isEven))
            let containedWhere = source.publisher.contains(where: isEven)
            expectEvents(containedWhere, is: Once<Bool>.self, expected(source, isEven), sameAs: source.publisher.generic.contains(where: isEven))
            let contained = source.publisher.contains(4)
            expectEvents(contained, is: Once<Bool>.self, expected(source) { $0 == 4 }, sameAs: source.publisher.generic.contains(4))
        }
    }

    @Test func tryFormsFailWithTheUpstreamFailureOrWhatTheyThrow() {
        let cases: [(source: Result<Int, TestError>, doubled: [StreamEvent<Int>], even: [StreamEvent<Bool>])] = [
            (.success(4), [.value(8), .finished], [.value(true), .finished]),
            (.success(3), [.value(6), .finished], [.value(false), .finished]),
            (.success(-3), [.failure("oops")], [.failure("oops")]),
            (.failure(.other), [.failure("other")], [.failure("other")]),
        ]
        for (source, doubled, even) in cases {
            let tried = source.publisher.tryMap(doubledOrThrow)
            expectEvents(tried, is: Tried<Int>.self, doubled, sameAs: source.publisher.generic.tryMap(doubledOrThrow))
            let tryScanned = source.publisher.tryScan(0) { try doubledOrThrow($0 + $1) }
            expectEvents(tryScanned, is: Tried<Int>.self, doubled, sameAs: source.publisher.generic.tryScan(0) { try doubledOrThrow($0 + $1) })
            let tryReduced = source.publisher.tryReduce(0) { try doubledOrThrow($0 + $1) }
            expectEvents(tryReduced, is: Tried<Int>.self, doubled, sameAs: source.publisher.generic.tryReduce(0) { try doubledOrThrow($0 + $1) })
            let trySatisfied = source.publisher.tryAllSatisfy(isEvenOrThrow)
            expectEvents(trySatisfied, is: Tried<Bool>.self, even, sameAs: source.publisher.generic.tryAllSatisfy(isEvenOrThrow))
            let tryContained = source.publisher.tryContains(where: isEvenOrThrow)
            expectEvents(tryContained, is: Tried<Bool>.self, even, sameAs: source.publisher.generic.tryContains(where: isEvenOrThrow))
        }
    }

    @Test func selectingTheOnlyValue() {
        for source in sources {
            let all = expected(source) { $0 }
            var comparisons = 0
            // Each of these hands back a `Result.Publisher` of the same result; had one of them no
            // specialisation, the chain's type would change and this would not compile.
            let selected = source.publisher.first().last().min().max().removeDuplicates()
                .min { comparisons += 1; return $0 < $1 }.max { comparisons += 1; return $0 < $1 }
                .removeDuplicates { comparisons += 1; return $0 == $1 }
            expectEvents(selected, is: Once<Int>.self, all,
                         sameAs: source.publisher.generic.first().last().min().max().removeDuplicates().min(by: <).max(by: <).removeDuplicates(by: ==))
            // With one value there is nothing to compare, so a throwing comparison never runs or fails the stream.
            let tryMinimum = source.publisher.tryMin { _, _ in comparisons += 1; throw TestError.other }
            expectEvents(tryMinimum, is: Tried<Int>.self, all, sameAs: source.publisher.generic.tryMin { _, _ in throw TestError.other })
            let tryMaximum = source.publisher.tryMax { _, _ in comparisons += 1; throw TestError.other }
            expectEvents(tryMaximum, is: Tried<Int>.self, all, sameAs: source.publisher.generic.tryMax { _, _ in throw TestError.other })
            let tryDeduplicated = source.publisher.tryRemoveDuplicates { _, _ in comparisons += 1; throw TestError.other }
            expectEvents(tryDeduplicated, is: Tried<Int>.self, all,
                         sameAs: source.publisher.generic.tryRemoveDuplicates { _, _ in throw TestError.other })
            #expect(comparisons == 0)
        }
    }

    @Test func replacingAndRetrying() {
        for source in sources {
            let all = expected(source) { $0 }
            let replacedError = source.publisher.replaceError(with: 0)
            expectEvents(replacedError, is: Result<Int, Never>.Publisher.self, [.value((try? source.get()) ?? 0), .finished],
                         sameAs: source.publisher.generic.replaceError(with: 0))
            let replacedEmpty = source.publisher.replaceEmpty(with: 0)
            expectEvents(replacedEmpty, is: Once<Int>.self, all, sameAs: source.publisher.generic.replaceEmpty(with: 0))
            let retried = source.publisher.retry(2)
            expectEvents(retried, is: Once<Int>.self, all, sameAs: source.publisher.generic.retry(2))
        }
        let neverFailing = Result<Int, Never>.success(4).publisher.setFailureType(to: TestError.self)
        expectEvents(neverFailing, is: Once<Int>.self, [.value(4), .finished],
                     sameAs: Result<Int, Never>.success(4).publisher.generic.setFailureType(to: TestError.self))
    }
}
