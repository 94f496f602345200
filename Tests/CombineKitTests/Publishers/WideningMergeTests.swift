import CombineKit
import CombineKitTest
import Dispatch
import Testing

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
