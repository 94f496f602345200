/// An RxKit node that takes elements and terminal events through its lanes (`hasElementLane` and
/// `hasTerminalLane`), as an observer whose type says only what it observes: a sink made for it has one
/// type per element type, whatever the node's class. A `NodeSinkProducer` makes its sink for such a node in
/// the caller's specialised code (`flatMap`, `flatMapLatest` and their kin), where that type's metadata comes
/// from a cached accessor; typed on the node's own class, each stage's sink type nests the ones below it
/// and is looked up at run time, per subscription.
///
/// `on(_:)` sends each event down the node's lanes, as `Sink` does for a node it holds directly.
@usableFromInline
struct NodeObserver<Element>: ObserverType {
    @usableFromInline
    let node: ObserverNode

    /// `node` must have both lanes and take elements of type `Element`.
    @usableFromInline
    init(node: ObserverNode) {
        precondition(node.hasElementLane && node.hasTerminalLane,
                     "NodeObserver(node:) needs a node with both lanes (hasElementLane, hasTerminalLane); subscribe any other observer as itself")
        self.node = node
    }

    @usableFromInline
    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            var value = element  // `&value`, not `withUnsafePointer(to:)`: see `ElementLane.send`
            sendElement(at: &value)
        case .error(let error):
            node.onTerminal(error)
        case .completed:
            node.onTerminal(nil)
        }
    }

    private func sendElement(at element: UnsafePointer<Element>) {
        node.onNextElement(at: UnsafeRawPointer(element))
    }
}
