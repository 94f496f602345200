@testable import RxKit
import Testing

/// `NodeObserver` hands each event to its node's lanes, as a sink holding the node itself does: elements to
/// `onNextElement(at:)`, errors and completion to `onTerminal(_:)`.
@Suite struct NodeObserverTests {
    struct Failure: Error, Equatable {}

    final class RecordingNode: ObserverNode, @unchecked Sendable {
        var elements: [Int] = []
        var terminals: [String] = []

        override init() {
            super.init()
            hasElementLane = true
            hasTerminalLane = true
        }

        override func onNextElement(at element: UnsafeRawPointer) {
            elements.append(element.load(as: Int.self))
        }

        override func onTerminal(_ error: Swift.Error?) {
            terminals.append(error == nil ? "completed" : "error")
        }
    }

    @Test func anElementGoesDownTheElementLane() {
        let node = RecordingNode()
        let observer = NodeObserver<Int>(node: node)
        observer.on(.next(1))
        observer.on(.next(2))
        #expect(node.elements == [1, 2])
        #expect(node.terminals.isEmpty)
    }

    @Test func completionAndErrorGoDownTheTerminalLane() {
        let completing = RecordingNode()
        NodeObserver<Int>(node: completing).on(.completed)
        #expect(completing.terminals == ["completed"])
        let failing = RecordingNode()
        NodeObserver<Int>(node: failing).on(.error(Failure()))
        #expect(failing.terminals == ["error"])
        #expect(completing.elements.isEmpty && failing.elements.isEmpty)
    }

    /// RxSwift: flatMap forwards every inner element, and an inner error ends the sequence with that error.
    /// Chained stages subscribe each other as nodes, so each stage's sink is the one typed on `NodeObserver`.
    @Test func chainedFlatMapStagesForwardElementsAndAnInnerError() {
        let subject = PublishSubject<Int>()
        var values: [Int] = []
        var errors = 0
        let subscription = subject
            .flatMap { Observable.just($0 + 1) }
            .flatMap { $0 > 2 ? Observable<Int>.error(Failure()) : Observable.just($0 * 10) }
            .subscribe(onNext: { values.append($0) }, onError: { _ in errors += 1 })
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        #expect(values == [20])
        #expect(errors == 1)
        subscription.dispose()
    }
}
