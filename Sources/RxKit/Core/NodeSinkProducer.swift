/// A producer whose sink, for an observer that is an RxKit node with both lanes (the next stage's sink,
/// `subscribe(onNext:)`'s observer), is made by `makeNodeSink`: a closure the operator's `@inlinable` entry
/// point builds in the caller's specialised code. There the sink is typed on `NodeObserver` (see there),
/// and its metadata and its `ObserverType` witness table come from the caller's cached accessors. Made in
/// `run`, typed on the observer (the next stage's sink, whose type nests the ones below it), they are
/// looked up at run time per subscription (about 750 instructions per stage of `flatMap`).
///
/// `makeNodeSink` is given the producer itself (the operator's subclass: `unsafeDowncast` it), so that it
/// captures nothing and costs no allocation. Any other observer, or a producer made without
/// `makeNodeSink`, gets its sink from `run(_:cancel:)`, which the operator overrides as usual.
@usableFromInline
class NodeSinkProducer<Element>: Producer<Element>, @unchecked Sendable {
    /// Makes the sink for a node with both lanes (the sink's observer is `NodeObserver(node:)`), subscribes
    /// it to the source and returns it with the subscription to attach.
    @usableFromInline
    typealias NodeSinkMaker = (NodeSinkProducer, ObserverNode, SinkLink?) -> (sink: SinkBase, subscription: Disposable)

    private let makeNodeSink: NodeSinkMaker?

    @usableFromInline
    init(makeNodeSink: NodeSinkMaker?) {
        self.makeNodeSink = makeNodeSink
        super.init()
    }

    /// An RxKit node with both lanes: its sink, from `makeNodeSink`.
    override final func runNode(_ node: Unmanaged<ObserverNode>, cancel: SinkLink?) -> SinkBase? {
        guard let makeNodeSink, node._withUnsafeGuaranteedRef({ $0.hasElementLane && $0.hasTerminalLane }) else {
            return nil
        }
        let (sink, subscription) = node._withUnsafeGuaranteedRef { makeNodeSink(self, $0, cancel) }
        sink.attachUpstream(consume subscription)
        return sink
    }
}
