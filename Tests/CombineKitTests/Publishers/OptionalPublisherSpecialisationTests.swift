import CombineKit
import CombineKitTest
import Testing

// Combine's specialisations on `Optional.Publisher` and `Result.Publisher`; see SpecialisationSupport.swift for
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

    @Test func aggregatingAValue() {
        for value in [4, 3] {
            let source = Optional(value).publisher
            let reduced = source.reduce(10, +)
            expectEvents(reduced, is: Maybe<Int>.self, [.value(10 + value), .finished], sameAs: source.generic.reduce(10, +))
            let counted = source.count()
            expectEvents(counted, is: Maybe<Int>.self, [.value(1), .finished], sameAs: source.generic.count())
            let collected = source.collect()
            expectEvents(collected, is: Maybe<[Int]>.self, [.value([value]), .finished], sameAs: source.generic.collect())
            let satisfied = source.allSatisfy(isEven)
            expectEvents(satisfied, is: Maybe<Bool>.self, [.value(isEven(value)), .finished], sameAs: source.generic.allSatisfy(isEven))
            let containedWhere = source.contains(where: isEven)
            expectEvents(containedWhere, is: Maybe<Bool>.self, [.value(isEven(value)), .finished], sameAs: source.generic.contains(where: isEven))
            let contained = source.contains(4)
            expectEvents(contained, is: Maybe<Bool>.self, [.value(value == 4), .finished], sameAs: source.generic.contains(4))
        }
    }

    @Test func aggregatingNilPublishesNothingExceptForCollect() {
        let none = Int?.none.publisher
        var calls = 0
        // Combine: reduce, count, allSatisfy, contains(where:), contains of nil are nil publishers
        // (OpenCombine Tests/OpenCombineTests/PublisherTests/OptionalPublisherTests.swift, run against Combine).
        let reduced = none.reduce(10) { calls += 1; return $0 + $1 }
        expectEvents(reduced, is: Maybe<Int>.self, [.finished], unlike: none.generic.reduce(10, +), publishing: [.value(10), .finished])
        let counted = none.count()
        expectEvents(counted, is: Maybe<Int>.self, [.finished], unlike: none.generic.count(), publishing: [.value(0), .finished])
        let satisfied = none.allSatisfy { calls += 1; return isEven($0) }
        expectEvents(satisfied, is: Maybe<Bool>.self, [.finished], unlike: none.generic.allSatisfy(isEven), publishing: [.value(true), .finished])
        let containedWhere = none.contains { calls += 1; return isEven($0) }
        expectEvents(containedWhere, is: Maybe<Bool>.self, [.finished], unlike: none.generic.contains(where: isEven),
                     publishing: [.value(false), .finished])
        let contained = none.contains(4)
        expectEvents(contained, is: Maybe<Bool>.self, [.finished], unlike: none.generic.contains(4), publishing: [.value(false), .finished])
        #expect(calls == 0)
        // Combine: collect() of nil publishes [] (same OpenCombine test, testCollectOperatorSpecialization), as the generic operator does.
        let collected = none.collect()
        expectEvents(collected, is: Maybe<[Int]>.self, [.value([]), .finished], sameAs: none.generic.collect())
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
