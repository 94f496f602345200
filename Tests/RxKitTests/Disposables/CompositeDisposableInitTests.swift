import RxKit
import Testing

/// `CompositeDisposable`'s initialisers take any number of disposables, as RxSwift's do: two, three, four or
/// more (variadic), or an array; each one is disposed once with the composite.
@Suite struct CompositeDisposableInitTests {
    @Test(arguments: [2, 3, 4, 5, 8])
    func everyArityHoldsAndDisposesItsDisposables(count: Int) {
        let parts = (0..<count).map { _ in CountingDisposable() }
        let composite: CompositeDisposable
        switch count {
        case 2: composite = CompositeDisposable(parts[0], parts[1])
        case 3: composite = CompositeDisposable(parts[0], parts[1], parts[2])
        case 4: composite = CompositeDisposable(parts[0], parts[1], parts[2], parts[3])
        case 5: composite = CompositeDisposable(parts[0], parts[1], parts[2], parts[3], parts[4])
        default:
            composite = CompositeDisposable(parts[0], parts[1], parts[2], parts[3], parts[4], parts[5], parts[6], parts[7])
        }
        #expect(composite.count == count)
        #expect(parts.allSatisfy { $0.count == 0 })
        composite.dispose()
        composite.dispose()
        #expect(parts.allSatisfy { $0.count == 1 })
        #expect(composite.isDisposed)
    }

    @Test func arrayFormHoldsAndDisposesItsDisposables() {
        let parts = (0..<6).map { _ in CountingDisposable() }
        let composite = CompositeDisposable(disposables: parts)
        #expect(composite.count == 6)
        composite.dispose()
        #expect(parts.allSatisfy { $0.count == 1 })
    }

    @Test func variadicFormKeepsKeysForLaterInsertsAndRemovals() {
        let parts = (0..<5).map { _ in CountingDisposable() }
        let composite = CompositeDisposable(parts[0], parts[1], parts[2], parts[3], parts[4])
        let late = CountingDisposable()
        let key = composite.insert(late)
        #expect(composite.count == 6)
        composite.remove(for: key!)
        #expect(late.count == 1)
        #expect(composite.count == 5)
        composite.dispose()
        #expect(parts.allSatisfy { $0.count == 1 })
        #expect(late.count == 1)
    }
}
