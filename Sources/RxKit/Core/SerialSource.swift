/// `_serialSource`: RxCombineBridge's `create` for sources that already deliver serially. An
/// implementation detail of the bridge, not an operator of RxKit's API.

/// For RxCombineBridge: `create` for a source that already calls its observer serially (a Combine
/// publisher does, per subscriber), so events are not serialised a second time — `create`'s drain
/// costs two lock round trips per element. Anything after the first terminal event is ignored, and
/// nothing is delivered after disposal, as with `create`.
///
/// `subscribe` is called once per subscription with a `_SerialSourceRequest`. When the subscriber is one of
/// RxKit's own observers (every operator's sink, `subscribe(onNext:…)`'s observer) the request has no
/// `observer(of:)` but a `node`: the handler makes its own sink from it (a `_SerialSourceNodeSink` subclass, which
/// may also be the source's subscriber: one object per subscription instead of two), subscribes it, and
/// returns `.sink(sink)`. Otherwise it subscribes `request.observer(of:)` and returns `.disposable(_:)` with what
/// disposes that subscription.
///
/// `@inlinable package` because the bridge's `@inlinable` `asObservable()` calls it: built in the caller's
/// specialised code, the producer's metadata (and,
/// in the bridge, its subscriber's and the publisher's subscription's) is at hand instead of looked up at
/// run time on every `asObservable()` and subscription. A free function rather than a static method of
/// `Observable`, which unspecialised code would call with the class's metadata, looked up per call. Not
/// part of RxKit's API: do not call it.
@inlinable
package func _serialSource<Element>(_ subscribe: @escaping (_SerialSourceRequest) -> _SerialSourceSubscription) -> Observable<Element> {
    SerialSourceProducer(subscribe)
}

/// `_serialSource` for a subject that can also deliver to one of RxKit's own observers by itself (a
/// CombineKit subject, which keeps the observer and calls its lanes): an observer that is an RxKit node
/// with both lanes (every operator's sink, `subscribe(onNext:…)`'s observer) goes to `subscribeNode`, which
/// subscribes it and returns what ends that subscription; no sink or link of `Producer`'s is made for it,
/// as for a subject's subscriber. Every other observer goes through `subscribe`, as with `_serialSource`.
/// No observer is subscribed inside `Producer`'s current-thread trampoline: as RxSwift's subjects, which are
/// not producers, a subject that has completed sends a new observer the terminal event at once, from
/// `subscribe` itself.
///
/// `subscribeNode` must deliver to the node serially (elements with `onNextElement(at:)`, the terminal event
/// with `onTerminal(_:)`), nothing after the terminal event, and nothing once the returned disposable's
/// `dispose()` has returned (except a delivery already under way on another thread, as with a subject).
/// `@inlinable package` for the bridge's `@inlinable` subject `asObservable()` (see `_serialSource`). Not
/// part of RxKit's API: do not call it.
@inlinable
package func _serialSource<Element>(
    _ subscribe: @escaping (_SerialSourceRequest) -> _SerialSourceSubscription,
    subscribeNode: @escaping (ObserverNode) -> Disposable
) -> Observable<Element> {
    NodeDeliveringSerialSourceProducer(subscribe, subscribeNode: subscribeNode)
}

/// What `_serialSource`'s handler is asked for, per subscription: either to make its own sink for one of
/// RxKit's observers (`node`; see `_SerialSourceNodeSink`), or to subscribe `observer(of:)`. Exactly one of
/// the two is set.
///
/// Not generic, and made of references kept as they are: the unspecialised producer builds and drops it
/// without value-witness calls (a generic request holding an optional `SerialSourceObserver<Element>` cost
/// two per subscription, ~60 instructions). `@usableFromInline` because the bridge's `@inlinable`
/// `asObservable()` names it; not part of RxKit's API.
@usableFromInline
package struct _SerialSourceRequest {
    /// What the handler makes its `_SerialSourceNodeSink` from, or `nil` when it must subscribe
    /// `observer(of:)`.
    @usableFromInline package let node: _SerialSourceNodeRequest?
    /// `SerialSourceObserver`'s sink and downstream node, when `node` is `nil`.
    @usableFromInline let observerSink: ObserverNode?
    @usableFromInline let observerDownstreamNode: Unmanaged<ObserverNode>?

    fileprivate init(node: _SerialSourceNodeRequest) {
        self.node = node
        observerSink = nil
        observerDownstreamNode = nil
    }

    fileprivate init(observerSink: ObserverNode, downstreamLane: LaneHandle) {
        node = nil
        self.observerSink = observerSink
        observerDownstreamNode = downstreamLane.node
    }

    /// The observer to subscribe, or `nil` when the handler must make a `_SerialSourceNodeSink` from
    /// `node`. `Element` must be the element type of the `_serialSource` that made the request.
    @inlinable
    package func observer<Element>(of _: Element.Type) -> SerialSourceObserver<Element>? {
        guard let observerSink else { return nil }
        return SerialSourceObserver(sink: observerSink, downstreamNode: observerDownstreamNode)
    }
}

/// The RxKit observer a `_SerialSourceNodeSink` will deliver to and the sink's link, unretained (the
/// producer's `run` holds both while the handler runs): a trivial value, copied and dropped without
/// reference counting. Public, with no public initialiser, because `_SerialSourceNodeSink`'s public
/// initialiser takes it (so only what RxKit hands `_serialSource`'s handler can make such a sink; see
/// `LockingObserverNode.init(elementLane:terminalLane:_:)` for why not `package`); not part of RxKit's API.
public struct _SerialSourceNodeRequest {
    let node: Unmanaged<ObserverNode>
    let link: Unmanaged<SinkLink>?
}

/// What `_serialSource`'s handler returns: the sink it made for a `node` request, or what disposes its
/// subscription of the request's `observer(of:)`.
///
/// `@usableFromInline` because the bridge's `@inlinable` `asObservable()` makes it; not part of RxKit's API.
@usableFromInline
package enum _SerialSourceSubscription {
    /// The handler made this sink from the request's `node`, and subscribed it to its source.
    case sink(_SerialSourceNodeSink)
    /// The handler subscribed the request's `observer(of:)`; this ends that subscription.
    case disposable(Disposable)
}

/// The sink `_serialSource`'s handler makes for one of RxKit's own observers (see `_SerialSourceRequest`):
/// delivers to that observer through its lanes. Subclassed by RxCombineBridge's Combine → Rx subscriber, so
/// that one object is both the publisher's subscriber and the Rx subscription's sink. A subclass delivers
/// elements straight to `_downstreamNode` after checking `_isClosed` (nothing is delivered once
/// the sink is disposed), ends the sequence with `closeForDisposal()` then `_deliverTerminal(_:closedFrom:)`,
/// and overrides `dispose()` to cancel its source between `closeForDisposal()` and `finishDisposal(_:)`.
///
/// `open` only for that subclass (another module can subclass only an `open` class); its initialiser takes
/// a `_SerialSourceNodeRequest`, which only RxKit makes, so nothing outside this package can subclass it.
/// Not part of RxKit's API.
open class _SerialSourceNodeSink: SinkBase, @unchecked Sendable {
    private let resourceTracking = ResourceTracking()
    /// Holds the observer (the subscription's downstream node).
    private let downstream: ObserverNode
    /// `downstream`, unretained, for the subclass's inlined per-element code: calling it through
    /// `Unmanaged` costs no retain/release per element. It takes elements through its element lane.
    @usableFromInline package final let _downstreamNode: Unmanaged<ObserverNode>

    /// Whether the sink was disposed or its sequence ended (`sinkIsDisposed`), for the subclass's inlined
    /// per-element code: nothing may be delivered once it is set.
    @inlinable @inline(__always)
    package final var _isClosed: Bool { _sinkIsDisposedInline }

    /// A sink for the request's RxKit observer (`_SerialSourceRequest.node`).
    public init(_ request: _SerialSourceNodeRequest) {
        downstream = request.node.takeUnretainedValue()
        _downstreamNode = request.node
        super.init(cancel: request.link?.takeUnretainedValue())
    }

    /// Delivers the terminal event (`nil`: completion) to the observer and finishes the disposal, for the
    /// caller that `closeForDisposal()` returned `previous` to (the sink is closed before the event is
    /// delivered, so a value the source sends during or after it is dropped by the disposed check).
    package final func _deliverTerminal(_ error: Swift.Error?, closedFrom previous: Int) {
        downstream.onTerminal(error)
        finishDisposal(previous)
    }
}

/// The observer `_serialSource` hands its source: forwards straight to the subscription's
/// sink, through its element and terminal lanes (no `Event` is built). Must be called serially.
///
/// For observers that are not RxKit's own (those get a `_SerialSourceNodeSink`; see `_SerialSourceRequest`).
/// A struct holding the sink (a reference): the bridge's subscriber keeps it inline, with no object of its
/// own per subscription and no extra hop per element.
///
/// `@usableFromInline` because the bridge's `@inlinable` `asObservable()` names it; nothing but
/// RxCombineBridge has a use for it.
@usableFromInline
package struct SerialSourceObserver<Element>: @unchecked Sendable {
    @usableFromInline let sink: ObserverNode
    /// The sink's observer when it is an RxKit node with an element lane (one without a terminal lane: RxKit's
    /// own observers, which have both, get a `_SerialSourceNodeSink` instead): an element goes straight there
    /// after the sink's disposed check, one call fewer per element than through the sink's own lane. Not
    /// retained: it is the observer, which the sink holds, which this holds. `nil` for any other observer,
    /// whose elements go through the sink.
    @usableFromInline let downstreamNode: Unmanaged<ObserverNode>?

    @usableFromInline
    init(sink: ObserverNode, downstreamNode: Unmanaged<ObserverNode>?) {
        self.sink = sink
        self.downstreamNode = downstreamNode
    }

    /// Sends `element`, unless the subscription was disposed (or ended).
    package func onNext(_ element: Element) {
        var value = element  // `&value`, not `withUnsafePointer(to:)`: see `ElementLane.send`
        _onNext(at: &value)
    }

    /// `onNext(_:)` for the element at `element`, which is not copied. For the bridge's subscriber, whose
    /// forwarder, made in its caller's specialised code, copies the element with its concrete type (a
    /// register store for an `Int`), where `onNext(_:)` in unspecialised code copies it through its value
    /// witnesses (a stack allocation of dynamic size and two indirect calls per element). Not part of
    /// RxKit's API.
    ///
    /// Inlinable, so that the bridge's forwarder (itself specialised where `asObservable()` is called) does
    /// the disposed check and calls the node's lane in its own frame: a call and a frame fewer per element.
    @inlinable @inline(__always)
    package func _onNext(at element: UnsafePointer<Element>) {
        if let node = downstreamNode {
            if sink._sinkIsDisposedInline { return }
            node._withUnsafeGuaranteedRef { $0.onNextElement(at: UnsafeRawPointer(element)) }
        } else {
            // Another observer: through the sink's own lane, which checks "disposed" itself.
            sink.onNextElement(at: UnsafeRawPointer(element))
        }
    }

    /// Ends the sequence with completion.
    package func onCompleted() {
        sink.onTerminal(nil)
    }

    /// Ends the sequence with `error`.
    package func onError(_ error: Swift.Error) {
        sink.onTerminal(error)
    }
}

/// Not final: `NodeDeliveringSerialSourceProducer` adds a path for RxKit's own observers.
@usableFromInline
class SerialSourceProducer<Element>: Producer<Element>, @unchecked Sendable {
    private let subscribeHandler: (_SerialSourceRequest) -> _SerialSourceSubscription

    @usableFromInline
    init(_ subscribeHandler: @escaping (_SerialSourceRequest) -> _SerialSourceSubscription) {
        self.subscribeHandler = subscribeHandler
    }

    /// RxKit's own observers (`Producer.subscribeNow` found the observer a node): the handler's own sink,
    /// which (in the bridge) is also the source's subscriber: one object per subscription, not a sink and a
    /// subscriber holding it. The sink cancels its source itself (its `dispose()`): nothing to attach.
    final override func runNode(_ node: Unmanaged<ObserverNode>, cancel: SinkLink?) -> SinkBase? {
        // Unretained (the caller holds the observer): `takeUnretainedValue()` here cost a retain and a
        // release per subscription.
        guard node._withUnsafeGuaranteedRef({ $0.hasElementLane && $0.hasTerminalLane }) else { return nil }
        let request = _SerialSourceNodeRequest(node: node, link: cancel.map { Unmanaged.passUnretained($0) })
        switch subscribeHandler(_SerialSourceRequest(node: request)) {
        case .sink(let sink):
            return sink
        case .disposable:
            preconditionFailure("_serialSource: a request with a `node` must be answered with `.sink`, the _SerialSourceNodeSink made from it")
        }
    }

    /// Any other observer (and a node without both lanes): `SerialSourceSink`, subscribed through
    /// `SerialSourceObserver`.
    final override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = SerialSourceSink(observer: observer, cancel: cancel)
        switch subscribeHandler(_SerialSourceRequest(observerSink: sink, downstreamLane: LaneHandle(of: observer))) {
        case .disposable(let subscription):
            return (sink, subscription)
        case .sink:
            preconditionFailure("_serialSource: a request with an observer (`observer(of:)`) must be answered with `.disposable`, that observer's subscription")
        }
    }
}

/// `_serialSource(_:subscribeNode:)`'s observable: RxKit's own observers go to the source's node handler,
/// the rest through `SerialSourceProducer`, without its trampoline.
@usableFromInline
final class NodeDeliveringSerialSourceProducer<Element>: SerialSourceProducer<Element>, @unchecked Sendable {
    private let subscribeNode: (ObserverNode) -> Disposable

    @usableFromInline
    init(_ subscribeHandler: @escaping (_SerialSourceRequest) -> _SerialSourceSubscription,
         subscribeNode: @escaping (ObserverNode) -> Disposable) {
        self.subscribeNode = subscribeNode
        super.init(subscribeHandler)
    }

    /// A node subscription returns the source's own disposable, never `LinkedToSubscriber`: a closure
    /// subscriber holds it (`ClosureSubscriptionWithUpstream`).
    override var linksClosureSubscriber: Bool { false }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        if ObserverNode.isNodeType(Observer.self) {
            // A metatype check, then a reinterpretation of the (single-reference) value, as in `LaneHandle(of:)`.
            let node = unsafeBitCast(observer, to: Unmanaged<ObserverNode>.self)
            if node._withUnsafeGuaranteedRef({ $0.hasElementLane && $0.hasTerminalLane }) {
                // Lent to the handler unretained (the caller holds the observer): it retains what it keeps.
                return node._withUnsafeGuaranteedRef { subscribeNode($0) }
            }
        }
        // As for a subject: no trampoline (see `_serialSource(_:subscribeNode:)`).
        return subscribeNow(observer)
    }
}

/// The sink of `_serialSource`: `create`'s sink without the drain. After a terminal event the sink is
/// disposed, so later events are dropped by `forwardNext`'s disposed check.
final class SerialSourceSink<Observer: ObserverType>: PassThroughElementSink<Observer>, @unchecked Sendable {
    override init(observer: Observer, cancel: SinkLink?) {
        super.init(observer: observer, cancel: cancel)
        hasTerminalLane = true
    }

    override func onError(_ error: Swift.Error) {
        onTerminal(error)
    }

    override func onCompleted() {
        onTerminal(nil)
    }

    /// Closed before the event is delivered, so that a value the source sends during or after it is dropped
    /// by the disposed check (the bridge's subscriber has none of its own on the per-value path).
    override func onTerminal(_ error: Swift.Error?) {
        guard let previous = closeForDisposal() else { return }
        deliverTerminalAfterClosing(error)
        finishDisposal(previous)
    }
}
