import CombineKit
import CombineKitTest
import Testing

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
            #expect(comparisons == 0)
        }
    }

    @Test func ignoringOutputFinishesEvenForAFailure() {
        let success = Result<Int, TestError>.success(4).publisher
        let ignoredSuccess = success.ignoreOutput()
        expectEvents(ignoredSuccess, is: Empty<Int, TestError>.self, [.finished], sameAs: success.generic.ignoreOutput().typed(as: Int.self))
        // Combine: a failure's ignoreOutput() finishes (OpenCombine ResultPublisherTests.swift, testIgnoreOutputOperatorSpecialization, run against Combine).
        let failure = Result<Int, TestError>.failure(.other).publisher
        let ignoredFailure = failure.ignoreOutput()
        expectEvents(ignoredFailure, is: Empty<Int, TestError>.self, [.finished], unlike: failure.generic.ignoreOutput().typed(as: Int.self),
                     publishing: [.failure("other")])
    }

    @Test func tryComparisonsOfAValueCallTheirClosureWithTheValueTwice() {
        // Combine calls the closure with (value, value), so it can throw (OpenCombine ResultPublisherTests.swift, run against Combine).
        let source = Result<Int, TestError>.success(4).publisher
        var arguments: [[Int]] = []
        let throwing: (Int, Int) throws -> Bool = { arguments.append([$0, $1]); throw TestError.oops }
        // The generic operators never compare a single value, so they publish it.
        let tryMinimum = source.tryMin(by: throwing)
        expectEvents(tryMinimum, is: Tried<Int>.self, [.failure("oops")], unlike: source.generic.tryMin(by: throwing), publishing: [.value(4), .finished])
        let tryMaximum = source.tryMax(by: throwing)
        expectEvents(tryMaximum, is: Tried<Int>.self, [.failure("oops")], unlike: source.generic.tryMax(by: throwing), publishing: [.value(4), .finished])
        let tryDeduplicated = source.tryRemoveDuplicates(by: throwing)
        expectEvents(tryDeduplicated, is: Tried<Int>.self, [.failure("oops")], unlike: source.generic.tryRemoveDuplicates(by: throwing),
                     publishing: [.value(4), .finished])
        #expect(arguments == [[4, 4], [4, 4], [4, 4]])
        // Whatever the closure answers (even "a duplicate"), the value is published.
        arguments = []
        let answered = source.tryMin { arguments.append([$0, $1]); return true }.tryMax { arguments.append([$0, $1]); return false }
            .tryRemoveDuplicates { arguments.append([$0, $1]); return true }
        expectEvents(answered, is: Tried<Int>.self, [.value(4), .finished],
                     sameAs: source.generic.tryMin { _, _ in true }.tryMax { _, _ in false }.tryRemoveDuplicates { _, _ in true })
        #expect(arguments == [[4, 4], [4, 4], [4, 4]])
    }

    @Test func tryComparisonsOfAFailurePassItOnWithoutCallingTheClosure() {
        // Combine passes the failure on without calling the closure (same OpenCombine tests' call counts, run against Combine).
        let source = Result<Int, TestError>.failure(.other).publisher
        var calls = 0
        let throwing: (Int, Int) throws -> Bool = { _, _ in calls += 1; throw TestError.oops }
        let tryMinimum = source.tryMin(by: throwing)
        expectEvents(tryMinimum, is: Tried<Int>.self, [.failure("other")], sameAs: source.generic.tryMin(by: throwing))
        let tryMaximum = source.tryMax(by: throwing)
        expectEvents(tryMaximum, is: Tried<Int>.self, [.failure("other")], sameAs: source.generic.tryMax(by: throwing))
        let tryDeduplicated = source.tryRemoveDuplicates(by: throwing)
        expectEvents(tryDeduplicated, is: Tried<Int>.self, [.failure("other")], sameAs: source.generic.tryRemoveDuplicates(by: throwing))
        #expect(calls == 0)
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
