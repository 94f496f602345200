import CombineKit

/// Implemented by operators that subscribe several sources of one type and need to know which
/// source an event came from (`amb`, `combineLatest`/`zip`/`merge` over collections).
internal protocol IndexedSourceParent: AnyObject {
    associatedtype SourceOutput
    associatedtype SourceFailure: Error
    func sourceSubscribed(_ subscription: Subscription, index: Int)
    func sourceValue(_ value: SourceOutput, index: Int) -> Subscribers.Demand
    func sourceCompleted(_ completion: Subscribers.Completion<SourceFailure>, index: Int)
}

/// Subscribes source number `index` on behalf of its parent operator.
internal final class IndexedSourceSink<Parent: IndexedSourceParent>: Subscriber, CustomStringConvertible, @unchecked Sendable {
    typealias Input = Parent.SourceOutput
    typealias Failure = Parent.SourceFailure

    private let parent: Parent
    private let index: Int

    init(parent: Parent, index: Int) {
        self.parent = parent
        self.index = index
    }

    var description: String { "Source[\(index)]" }

    func receive(subscription: Subscription) { parent.sourceSubscribed(subscription, index: index) }
    func receive(_ input: Input) -> Subscribers.Demand { parent.sourceValue(input, index: index) }
    func receive(completion: Subscribers.Completion<Failure>) { parent.sourceCompleted(completion, index: index) }
}
