import CombineKit
import CombineKitExt
import CombineKitTest
import Testing
import Dispatch

/// The values the collection operators keep between events (combineLatest's latest per source, zip's
/// unpaired ones) are released when replaced or paired, and with the subscription.
@Suite struct CollectionCombiningReleaseTests {
    final class Token {
        let id: Int
        init(_ id: Int) { self.id = id }
    }

    @Test func combineLatestReleasesReplacedLatestValuesAndTheRestWithTheSubscription() {
        let a = PassthroughSubject<Token, Never>(), b = PassthroughSubject<Token, Never>()
        var rows: [[Int]] = []
        var cancellable: AnyCancellable? = [a, b].combineLatest().sink { rows.append($0.map(\.id)) }
        weak var replaced: Token?
        weak var latestA: Token?
        weak var latestB: Token?
        do {
            let a1 = Token(1), a2 = Token(2), b1 = Token(10)
            replaced = a1
            latestA = a2
            latestB = b1
            a.send(a1)
            a.send(a2)  // before b has a value: nothing emitted, a1 replaced
            b.send(b1)
        }
        #expect(rows == [[2, 10]])
        #expect(replaced == nil)
        #expect(latestA != nil && latestB != nil)
        cancellable?.cancel()
        cancellable = nil
        #expect(latestA == nil && latestB == nil)
    }

    @Test func zipReleasesPairedValuesAndUnpairedOnesWithTheSubscription() {
        let a = PassthroughSubject<Token, Never>(), b = PassthroughSubject<Token, Never>()
        var rows: [[Int]] = []
        var cancellable: AnyCancellable? = [a, b].zip().sink { rows.append($0.map(\.id)) }
        weak var paired: Token?
        weak var unpaired: Token?
        do {
            let a1 = Token(1), a2 = Token(2), b1 = Token(10)
            paired = a1
            unpaired = a2
            a.send(a1)
            a.send(a2)
            b.send(b1)  // pairs with a1; a2 waits
        }
        #expect(rows == [[1, 10]])
        #expect(paired == nil)
        #expect(unpaired != nil)
        cancellable?.cancel()
        cancellable = nil
        #expect(unpaired == nil)
    }
}
