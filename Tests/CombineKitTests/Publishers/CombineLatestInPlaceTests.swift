import CombineKit
import CombineKitTest
import Dispatch
import Testing

/// combineLatest keeps each upstream's latest value in place, in its element of the combination tuple
/// (`TupleLayout`): elements of different sizes and alignments, and reference-counted ones, must come out
/// as they went in, and be released when replaced and when the subscription ends.
@Suite struct CombineLatestInPlaceTests {
    struct Odd: Equatable { let flag: Bool; let value: Double; let tag: UInt8 }

    @Test func elementsOfMixedSizesAndAlignmentsCombineUnchanged() {
        let a = PassthroughSubject<UInt8, Never>()
        let b = PassthroughSubject<String, Never>()
        let c = PassthroughSubject<Int16, Never>()
        let d = PassthroughSubject<Odd, Never>()
        var four: [String] = []
        let fourWay = a.combineLatest(b, c, d).sink { four.append("\($0.0) \($0.1) \($0.2) \($0.3.flag) \($0.3.value) \($0.3.tag)") }
        var three: [String] = []
        let threeWay = d.combineLatest(a, b).sink { three.append("\($0.0.tag) \($0.1) \($0.2)") }
        var two: [String] = []
        let twoWay = c.combineLatest(d).sink { two.append("\($0.0) \($0.1.value)") }
        a.send(200)
        b.send("a string long enough to live on the heap, not inline")
        c.send(-7)
        d.send(Odd(flag: true, value: 2.5, tag: 9))
        a.send(201)
        d.send(Odd(flag: false, value: -1, tag: 255))
        #expect(four == ["200 a string long enough to live on the heap, not inline -7 true 2.5 9",
                         "201 a string long enough to live on the heap, not inline -7 true 2.5 9",
                         "201 a string long enough to live on the heap, not inline -7 false -1.0 255"])
        #expect(three == ["9 200 a string long enough to live on the heap, not inline",
                          "9 201 a string long enough to live on the heap, not inline",
                          "255 201 a string long enough to live on the heap, not inline"])
        #expect(two == ["-7 2.5", "-7 -1.0"])
        _ = (fourWay, threeWay, twoWay)
    }

    // A zero-size element sits at the offset the previous element ends at (Swift's tuple layout), so it
    // can share its offset with the next element; values around it must come out unchanged.
    @Test func zeroSizeElementsCombineWithTheirNeighbours() {
        let tick = PassthroughSubject<Void, Never>()
        let number = PassthroughSubject<Int64, Never>()
        let flag = PassthroughSubject<Bool, Never>()
        var received: [String] = []
        let subscription = flag.combineLatest(tick, number, tick).sink { received.append("\($0.0) \($0.2)") }
        flag.send(true)
        tick.send(())
        number.send(-42)
        flag.send(false)
        tick.send(())
        #expect(received == ["true -42", "false -42", "false -42", "false -42"])
        _ = subscription
    }

    final class Token: Sendable {
        let id: Int
        init(_ id: Int) { self.id = id }
    }

    @Test func aFinishedUpstreamsValueStaysAndEveryValueIsReleasedWhenReplacedOrEnded() {
        let a = PassthroughSubject<Token, Never>()
        let b = PassthroughSubject<Token, Never>()
        var received: [String] = []  // ids only: keeping the tokens would keep them alive
        let subscriber = a.combineLatest(b).sink { received.append("\($0.0.id),\($0.1.id)") }
        weak var firstA: Token?
        weak var firstB: Token?
        weak var secondB: Token?
        do {
            let a1 = Token(1), b1 = Token(10), b2 = Token(20)
            firstA = a1; firstB = b1; secondB = b2
            a.send(a1)
            a.send(completion: .finished)  // a's latest value stays in use after a finished
            b.send(b1)
            b.send(b2)
        }
        #expect(received == ["1,10", "1,20"])
        #expect(firstB == nil, "a replaced value was not released")
        #expect(firstA != nil && secondB != nil, "a value still in the combination was released")
        subscriber.cancel()
        #expect(firstA == nil && secondB == nil, "the combination's values outlived the cancelled subscription")
    }

    /// Tokens watched without being kept.
    final class WeakTokens {
        private var tokens: [() -> Token?] = []
        func watch(_ token: Token) { tokens.append { [weak token] in token } }
        var allAlive: Bool { tokens.allSatisfy { $0() != nil } }
        var allReleased: Bool { tokens.allSatisfy { $0() == nil } }
    }

    /// Sends a new token (ids 1, 2, …) to each subject in turn, keeping none of them.
    static func sendTokens<Failure: Error>(to subjects: PassthroughSubject<Token, Failure>...) -> WeakTokens {
        let watched = WeakTokens()
        for (index, subject) in subjects.enumerated() {
            let token = Token(index + 1)
            watched.watch(token)
            subject.send(token)
        }
        return watched
    }

    // A subscription cancelled before every upstream produced never published a combination; the values
    // the others produced go with it (Combine releases everything a cancelled subscription holds).
    @Test func valuesProducedBeforeTheFirstCombinationAreReleasedOnCancel() {
        let a = PassthroughSubject<Token, Never>()
        let b = PassthroughSubject<Token, Never>()
        let c = PassthroughSubject<Int, Never>()
        var received = 0
        let subscriber = a.combineLatest(b, c).sink { _ in received += 1 }
        let sent = Self.sendTokens(to: a, b)
        #expect(sent.allAlive, "a produced value was released while the subscription runs")
        subscriber.cancel()
        #expect(sent.allReleased, "produced values outlived the cancelled subscription")
        #expect(received == 0)
    }

    // A failure ends the subscription (Combine: forwarded at once, the other upstreams cancelled); the values
    // held for the combination are released with it.
    @Test func valuesAreReleasedWhenAnUpstreamFails() {
        struct Failure: Error {}
        let a = PassthroughSubject<Token, Failure>()
        let b = PassthroughSubject<Token, Failure>()
        var log: [String] = []
        let subscriber = a.combineLatest(b).sink(receiveCompletion: { _ in log.append("failed") }, receiveValue: { log.append("\($0.0.id),\($0.1.id)") })
        let sent = Self.sendTokens(to: a, b)
        b.send(completion: .failure(Failure()))
        #expect(log == ["1,2", "failed"])
        #expect(sent.allReleased, "the combination's values outlived the failed subscription")
        _ = subscriber
    }
}
