import CombineKit
import CombineKitTest
import Testing

// Combine's specialisations on `Publishers.Sequence`; see SpecialisationSupport.swift for the helpers and what
// they check.
@Suite struct SequenceSpecialisationTests {
    typealias Elements = Publishers.Sequence<[Int], Never>
    typealias Once<T> = Result<T, Never>.Publisher
    typealias Tried<T> = Result<T, Error>.Publisher
    typealias Maybe = Optional<Int>.Publisher
    let numbers = [3, 1, 4, 4, 1, 5, 9, 2, 6]

    func values(_ values: [Int]) -> [StreamEvent<Int>] { values.map(StreamEvent.value) + [.finished] }

    @Test func transforming() {
        let source = numbers.publisher
        let mapped = source.map { $0 * 10 }
        expectEvents(mapped, is: Elements.self, values(numbers.map { $0 * 10 }), sameAs: source.generic.map { $0 * 10 })
        let filtered = source.filter(isEven)
        expectEvents(filtered, is: Elements.self, values([4, 4, 2, 6]), sameAs: source.generic.filter(isEven))
        let compacted = source.compactMap { $0 > 4 ? $0 : nil }
        expectEvents(compacted, is: Elements.self, values([5, 9, 6]), sameAs: source.generic.compactMap { $0 > 4 ? $0 : nil })
        let scanned = source.scan(0, +)
        expectEvents(scanned, is: Elements.self, values([3, 4, 8, 12, 13, 18, 27, 29, 35]), sameAs: source.generic.scan(0, +))
        let deduplicated = source.removeDuplicates()
        expectEvents(deduplicated, is: Elements.self, values([3, 1, 4, 1, 5, 9, 2, 6]), sameAs: source.generic.removeDuplicates())
        let failing = source.setFailureType(to: TestError.self)
        expectEvents(failing, is: Publishers.Sequence<[Int], TestError>.self, values(numbers), sameAs: source.generic.setFailureType(to: TestError.self))
    }

    @Test func transformingRangesAndSlicesReadsTheirElementsInOrder() {
        // Arrays, slices and `Int` ranges are read by position (not through their iterator): the same elements.
        let range = (-2..<3).publisher
        expectEvents(range.map { $0 * 10 }, is: Elements.self, values([-20, -10, 0, 10, 20]), sameAs: range.generic.map { $0 * 10 })
        expectEvents(range.scan(100, +), is: Elements.self, values([98, 97, 97, 98, 100]), sameAs: range.generic.scan(100, +))
        let closed = ((Int.max - 1)...Int.max).publisher
        expectEvents(closed.map { $0 - Int.max }, is: Elements.self, values([-1, 0]), sameAs: closed.generic.map { $0 - Int.max })
        let slice = numbers[6...].publisher
        expectEvents(slice.map { $0 + 1 }, is: Elements.self, values([10, 3, 7]), sameAs: slice.generic.map { $0 + 1 })
        expectEvents(slice.scan(0, +), is: Elements.self, values([9, 11, 17]), sameAs: slice.generic.scan(0, +))
        let empty = (4..<4).publisher
        expectEvents(empty.map { $0 }, is: Elements.self, values([]), sameAs: empty.generic.map { $0 })
    }

    @Test func eagerTransformsRunTheirClosuresOnceWhenApplied() {
        final class Calls: @unchecked Sendable { var count = 0 }
        let calls = Calls()
        let mapped = (0..<4).publisher.map { value -> Int in calls.count += 1; return value }
        let scanned = (0..<4).publisher.scan(0) { total, value in calls.count += 1; return total + value }
        #expect(calls.count == 8)
        _ = SinkRecorder(mapped)
        _ = SinkRecorder(scanned)
        _ = SinkRecorder(scanned)
        #expect(calls.count == 8)
        #expect(scanned.sequence == [0, 1, 3, 6])
    }

    @Test func replacingNilKeepsTheOptionalElementType() {
        let source = [1, nil, 3].publisher
        let replaced = source.replaceNil(with: 0)
        // The generic operator unwraps; Combine's specialisation keeps `Int?` elements, none of them nil.
        expectEvents(replaced, is: Publishers.Sequence<[Int?], Never>.self, [.value(1), .value(0), .value(3), .finished],
                     sameAs: source.generic.replaceNil(with: 0).map(Optional.some))
    }

    @Test func droppingAndTaking() {
        let source = numbers.publisher
        let dropped = source.dropFirst(2)
        expectEvents(dropped, is: Publishers.Sequence<DropFirstSequence<[Int]>, Never>.self, values(Array(numbers.dropFirst(2))),
                     sameAs: source.generic.dropFirst(2))
        let droppedWhile = source.drop { $0 < 5 }
        expectEvents(droppedWhile, is: Publishers.Sequence<DropWhileSequence<[Int]>, Never>.self, values([5, 9, 2, 6]),
                     sameAs: source.generic.drop { $0 < 5 })
        let prefixed = source.prefix(3)
        expectEvents(prefixed, is: Publishers.Sequence<PrefixSequence<[Int]>, Never>.self, values([3, 1, 4]), sameAs: source.generic.prefix(3))
        let prefixWhile = source.prefix { $0 < 5 }
        expectEvents(prefixWhile, is: Elements.self, values([3, 1, 4, 4, 1]), sameAs: source.generic.prefix { $0 < 5 })
        let ignored = source.ignoreOutput()
        expectEvents(ignored, is: Empty<Int, Never>.self, [.finished], sameAs: source.generic.ignoreOutput().typed(as: Int.self))
    }

    @Test func reducing() {
        for source in [numbers, []] {
            let reduced = source.publisher.reduce(100, -)
            expectEvents(reduced, is: Once<Int>.self, [.value(source.reduce(100, -)), .finished], sameAs: source.publisher.generic.reduce(100, -))
            let collected = source.publisher.collect()
            expectEvents(collected, is: Once<[Int]>.self, [.value(source), .finished], sameAs: source.publisher.generic.collect())
            let satisfied = source.publisher.allSatisfy { $0 < 10 }
            expectEvents(satisfied, is: Once<Bool>.self, [.value(true), .finished], sameAs: source.publisher.generic.allSatisfy { $0 < 10 })
            let containedWhere = source.publisher.contains { $0 > 5 }
            expectEvents(containedWhere, is: Once<Bool>.self, [.value(!source.isEmpty), .finished], sameAs: source.publisher.generic.contains { $0 > 5 })
            let contained = source.publisher.contains(9)
            expectEvents(contained, is: Once<Bool>.self, [.value(!source.isEmpty), .finished], sameAs: source.publisher.generic.contains(9))
            let minimum = source.publisher.min()
            let expectedMinimum: [StreamEvent<Int>] = source.isEmpty ? [.finished] : [.value(1), .finished]
            expectEvents(minimum, is: Maybe.self, expectedMinimum, sameAs: source.publisher.generic.min())
            let maximum = source.publisher.max()
            expectEvents(maximum, is: Maybe.self, source.isEmpty ? [.finished] : [.value(9), .finished], sameAs: source.publisher.generic.max())
            let minimumBy = source.publisher.min(by: >)
            expectEvents(minimumBy, is: Maybe.self, source.isEmpty ? [.finished] : [.value(9), .finished], sameAs: source.publisher.generic.min(by: >))
            let maximumBy = source.publisher.max(by: >)
            expectEvents(maximumBy, is: Maybe.self, expectedMinimum, sameAs: source.publisher.generic.max(by: >))
        }
        // Failure types stay as they are.
        let failing = numbers.publisher.setFailureType(to: TestError.self)
        let collected = failing.collect()
        expectEvents(collected, is: Result<[Int], TestError>.Publisher.self, [.value(numbers), .finished], sameAs: failing.generic.collect())
        let reduced = failing.reduce(0, +)
        expectEvents(reduced, is: Result<Int, TestError>.Publisher.self, [.value(35), .finished], sameAs: failing.generic.reduce(0, +))
    }

    @Test func tryFormsFailWithWhatTheyThrow() {
        let source = numbers.publisher
        let tryReduced = source.tryReduce(0) { try doubledOrThrow($0) + $1 }
        expectEvents(tryReduced, is: Tried<Int>.self, [.value(numbers.reduce(0) { $0 * 2 + $1 }), .finished],
                     sameAs: source.generic.tryReduce(0) { try doubledOrThrow($0) + $1 })
        let reduceThrows = source.tryReduce(0) { try doubledOrThrow($0 - $1) }
        expectEvents(reduceThrows, is: Tried<Int>.self, [.failure("oops")], sameAs: source.generic.tryReduce(0) { try doubledOrThrow($0 - $1) })
        let trySatisfied = source.tryAllSatisfy { try isEvenOrThrow($0) || $0 < 10 }
        expectEvents(trySatisfied, is: Tried<Bool>.self, [.value(true), .finished], sameAs: source.generic.tryAllSatisfy { try isEvenOrThrow($0) || $0 < 10 })
        let satisfyThrows = source.tryAllSatisfy { try isEvenOrThrow($0 == 9 ? -1 : 0) }
        expectEvents(satisfyThrows, is: Tried<Bool>.self, [.failure("oops")], sameAs: source.generic.tryAllSatisfy { try isEvenOrThrow($0 == 9 ? -1 : 0) })
        let tryContained = source.tryContains(where: isEvenOrThrow)
        expectEvents(tryContained, is: Tried<Bool>.self, [.value(true), .finished], sameAs: source.generic.tryContains(where: isEvenOrThrow))
        let containsThrows = source.tryContains { try isEvenOrThrow(-$0) }
        expectEvents(containsThrows, is: Tried<Bool>.self, [.failure("oops")], sameAs: source.generic.tryContains { try isEvenOrThrow(-$0) })
    }

    @Test func pickingElementsOfACollection() {
        let source = numbers.publisher
        let first = source.first()
        expectEvents(first, is: Maybe.self, [.value(3), .finished], sameAs: source.generic.first())
        let firstWhere = source.first(where: isEven)
        expectEvents(firstWhere, is: Maybe.self, [.value(4), .finished], sameAs: source.generic.first(where: isEven))
        let last = source.last()
        expectEvents(last, is: Maybe.self, [.value(6), .finished], sameAs: source.generic.last())
        let lastWhere = source.last { $0 < 3 }
        expectEvents(lastWhere, is: Maybe.self, [.value(2), .finished], sameAs: source.generic.last { $0 < 3 })
        for index in [0, 4, 8, 9, 20] {
            let atIndex = source.output(at: index)
            expectEvents(atIndex, is: Maybe.self, index < numbers.count ? [.value(numbers[index]), .finished] : [.finished],
                         sameAs: source.generic.output(at: index))
        }
        for range in [0..<0, 0..<2, 3..<5, 7..<9, 9..<9] {
            let inRange = source.output(in: range)
            expectEvents(inRange, is: Elements.self, values(Array(numbers[range])), sameAs: source.generic.output(in: range))
        }
    }

    @Test func indexesAreTheCollectionsOwnNotPositions() {
        // Combine declares output(at: Elements.Index) and output(in: Range<Elements.Index>) (developer.apple.com/documentation/combine/publishers/sequence/output(at:)-3r7zo).
        // For an array its indices are the positions the generic operators count.
        let atIndex = numbers.publisher.output(at: 5)
        expectEvents(atIndex, is: Maybe.self, [.value(5), .finished], sameAs: numbers.publisher.generic.output(at: 5))
        let inRange = numbers.publisher.output(in: 5..<7)
        expectEvents(inRange, is: Elements.self, values([5, 9]), sameAs: numbers.publisher.generic.output(in: 5..<7))
        // A slice keeps its base's indices (4..<9 here), which the generic operators would read as positions.
        let slice = numbers[4...]
        let atSliceIndex = slice.publisher.output(at: 5)
        expectEvents(atSliceIndex, is: Maybe.self, [.value(5), .finished], unlike: slice.publisher.generic.output(at: 5), publishing: [.finished])
        let beforeSlice = slice.publisher.output(at: 1)
        expectEvents(beforeSlice, is: Maybe.self, [.finished], unlike: slice.publisher.generic.output(at: 1), publishing: [.value(5), .finished])
        let inSliceRange = slice.publisher.output(in: 5..<7)
        expectEvents(inSliceRange, is: Elements.self, values([5, 9]), unlike: slice.publisher.generic.output(in: 5..<7), publishing: [.finished])
        // A range's indices are its elements.
        let range = 10..<20
        let atRangeIndex = range.publisher.output(at: 13)
        expectEvents(atRangeIndex, is: Maybe.self, [.value(13), .finished], unlike: range.publisher.generic.output(at: 13), publishing: [.finished])
        let inRangeRange = range.publisher.output(in: 12..<14)
        expectEvents(inRangeRange, is: Elements.self, values([12, 13]), unlike: range.publisher.generic.output(in: 12..<14), publishing: [.finished])
    }

    @Test func otherIndexTypesAreTheCollectionsOwn() {
        let word = "combine"
        let second = word.index(after: word.startIndex)
        let atIndex = word.publisher.output(at: second)
        expectEvents(atIndex, is: Optional<Character>.Publisher.self, [.value("o"), .finished], sameAs: word.publisher.generic.output(at: 1))
        let inRange = word.publisher.output(in: second..<word.index(second, offsetBy: 3))
        expectEvents(inRange, is: Publishers.Sequence<[Character], Never>.self, [.value("o"), .value("m"), .value("b"), .finished],
                     sameAs: word.publisher.generic.output(in: 1..<4))
        let atEnd = word.publisher.output(at: word.endIndex)
        expectEvents(atEnd, is: Optional<Character>.Publisher.self, [.finished], sameAs: word.publisher.generic.output(at: 7))
    }

    @Test func anIndexOutsideTheCollectionPublishesNothing() {
        // Combine: output(at:) checks `indices.contains`, so -1 and 100 publish nothing (OpenCombine SequenceTests.testOutputAtIndexOperatorSpecialization, run against Combine).
        for index in [-1, 9, 100] {
            let atIndex = numbers.publisher.output(at: index)
            #expect(streamEvents(atIndex) == [.finished])
        }
        // The generic `output(at:)` stops the program for -1; past the end it agrees.
        let pastEnd = numbers.publisher.output(at: 100)
        expectEvents(pastEnd, is: Maybe.self, [.finished], sameAs: numbers.publisher.generic.output(at: 100))
    }

    @Test func aRangeOutsideTheCollectionStopsTheProgramAsSlicingDoes() async {
        // Combine slices the collection with the range, with no bounds check of its own (OpenCombine SequenceTests.testOutputInRangeOperatorSpecialization's call history, run against Combine).
        await #expect(processExitsWith: .failure) {
            _ = [1, 2].publisher.output(in: 1..<5)
        }
        await #expect(processExitsWith: .failure) {
            _ = [1, 2].publisher.output(in: -1..<1)
        }
    }

    @Test func countingDependsOnTheCollection() {
        let random = numbers.publisher.count()
        expectEvents(random, is: Just<Int>.self, [.value(9), .finished], sameAs: numbers.publisher.generic.count())
        let failing = numbers.publisher.setFailureType(to: TestError.self)
        let randomFailing = failing.count()
        expectEvents(randomFailing, is: Result<Int, TestError>.Publisher.self, [.value(9), .finished], sameAs: failing.generic.count())
        let bidirectional = "combine".publisher.count()
        expectEvents(bidirectional, is: Result<Int, Never>.Publisher.self, [.value(7), .finished], sameAs: "combine".publisher.generic.count())
        // A sequence that is not a collection has no specialisation: `count()` is the generic operator.
        let strided: Publishers.Count<Publishers.Sequence<StrideTo<Int>, Never>> = stride(from: 0, to: 10, by: 3).publisher.count()
        #expect(streamEvents(strided) == [.value(4), .finished])
    }

    @Test func appendingAndPrependingToARangeReplaceableCollection() {
        let source = [3, 4].publisher
        // Each step stays a `Publishers.Sequence<[Int], Never>`; had either no specialisation, the chain's type
        // would change and this would not compile.
        let elements = source.append(5, 6).prepend(1, 2)
        expectEvents(elements, is: Elements.self, values(Array(1...6)), sameAs: source.generic.append(5, 6).prepend(1, 2))
        let sequences = source.append(5...6).prepend(1...2)
        expectEvents(sequences, is: Elements.self, values(Array(1...6)), sameAs: source.generic.append(5...6).prepend(1...2))
        let publishers = source.append([5, 6].publisher).prepend([1, 2].publisher)
        expectEvents(publishers, is: Elements.self, values(Array(1...6)), sameAs: source.generic.append([5, 6].publisher).prepend([1, 2].publisher))
        // A range can't grow, so appending to its publisher is the generic `append`.
        let toRange: Publishers.Concatenate<Publishers.Sequence<ClosedRange<Int>, Never>, Publishers.Sequence<[Int], Never>> = (1...2).publisher.append(3)
        #expect(streamEvents(toRange) == values([1, 2, 3]))
    }
}
