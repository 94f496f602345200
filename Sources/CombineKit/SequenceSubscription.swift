/// Emits the elements of a sequence as demanded, then a fixed completion.
///
/// It looks one element ahead so the completion follows the last element without waiting for more
/// demand (an empty sequence completes right after the subscription). A `request(_:)` made
/// re-entrantly from inside `receive(_:)` only adds demand; the loop already running delivers it,
/// so there is no recursion. Shared by `Publishers.Sequence` ("Sequence") and `Record` ("Record").
internal final class SequenceSubscription<Elements: Sequence, Downstream: Subscriber>: Subscription, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible
    where Downstream.Input == Elements.Element
{
    private let lock = Lock.make()
    private var iterator: Elements.Iterator
    private var nextElement: Elements.Element?
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var isEmitting = false
    private let completion: Subscribers.Completion<Downstream.Failure>
    private let name: String

    /// Subscribes `downstream`; completes it at once if there is nothing to emit.
    static func start(_ elements: Elements, downstream: Downstream, completion: Subscribers.Completion<Downstream.Failure>, name: String) {
        var iterator = elements.makeIterator()
        guard let first = iterator.next() else {
            downstream.receive(subscription: Subscriptions.empty)
            downstream.receive(completion: completion)
            return
        }
        let subscription = SequenceSubscription(iterator: iterator, first: first, downstream: downstream, completion: completion, name: name)
        downstream.receive(subscription: subscription)
    }

    private init(iterator: Elements.Iterator, first: Elements.Element, downstream: Downstream, completion: Subscribers.Completion<Downstream.Failure>, name: String) {
        self.iterator = iterator
        self.nextElement = first
        self.downstream = downstream
        self.completion = completion
        self.name = name
    }

    var description: String { name }
    var customMirror: Mirror { Mirror(self, children: ["demand": demand]) }
    var playgroundDescription: Any { description }

    func request(_ demand: Subscribers.Demand) {
        demand.assertNonZero()
        lock.lock()
        guard downstream != nil else {
            lock.unlock()
            return
        }
        self.demand += demand
        if isEmitting {
            lock.unlock()
            return
        }
        isEmitting = true
        while let downstream = downstream, self.demand > 0, let element = nextElement {
            self.demand -= 1
            nextElement = iterator.next()
            let isLast = nextElement == nil
            if isLast { self.downstream = nil }
            lock.unlock()
            let additional = downstream.receive(element)
            if isLast {
                downstream.receive(completion: completion)
                return
            }
            lock.lock()
            if additional > 0 { self.demand += additional }
        }
        isEmitting = false
        lock.unlock()
    }

    func cancel() {
        lock.lock()
        downstream = nil
        nextElement = nil
        lock.unlock()
    }
}
