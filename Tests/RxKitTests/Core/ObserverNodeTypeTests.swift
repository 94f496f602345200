@testable import RxKit
import Testing

/// `ObserverNode.isNodeType(_:)` answers `Observer.self is ObserverNode.Type` for every type, whichever
/// types came before it: its memo has 16 slots, so the 80 types below share slots and evict one another.
@Suite struct ObserverNodeTypeTests {
    class NodeOf<T>: ObserverNode, @unchecked Sendable {}
    final class SubNodeOf<T>: NodeOf<T>, @unchecked Sendable {}
    struct PlainOf<T> {}
    final class NotANodeOf<T> {}

    /// For `T` wrapped in `depth` arrays and each of the four kinds above: whether `isNodeType` said node.
    private func answers<T>(_: T.Type, depth: Int) -> [Bool] {
        let here = [
            ObserverNode.isNodeType(NodeOf<T>.self),
            ObserverNode.isNodeType(SubNodeOf<T>.self),
            ObserverNode.isNodeType(PlainOf<T>.self),
            ObserverNode.isNodeType(NotANodeOf<T>.self),
        ]
        return depth == 0 ? here : here + answers([T].self, depth: depth - 1)
    }

    @Test func nodeClassesAndTheirSubclassesAreNodesAndNothingElseIs() {
        let expected = Array(repeating: [true, true, false, false], count: 20).flatMap { $0 }
        // Three passes: the first fills the memo, the later ones read it where a slot still holds the type.
        for _ in 0..<3 {
            #expect(answers(Int.self, depth: 19) == expected)
            #expect(ObserverNode.isNodeType(ObserverNode.self))
            #expect(!ObserverNode.isNodeType(AnyObserver<Int>.self))
            #expect(!ObserverNode.isNodeType(Int.self))
        }
    }

    @Test func aSubscribedNodeAndAClosureObserverBothGetEveryElement() {
        // Both paths of `Producer.subscribe`: a node observer (the closure subscriber) and an `AnyObserver`.
        let subject = PublishSubject<Int>()
        var viaNode: [Int] = []
        var viaAnyObserver: [Int] = []
        let bag = DisposeBag()
        for _ in 0..<2 {
            subject.map { $0 * 2 }.subscribe(onNext: { viaNode.append($0) }).disposed(by: bag)
            subject.map { $0 * 2 }.subscribe(AnyObserver { if case .next(let value) = $0 { viaAnyObserver.append(value) } })
                .disposed(by: bag)
        }
        subject.onNext(1)
        subject.onNext(2)
        #expect(viaNode == [2, 2, 4, 4])
        #expect(viaAnyObserver == [2, 2, 4, 4])
    }
}
