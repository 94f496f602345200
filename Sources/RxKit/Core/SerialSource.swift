/// `_serialSource`: RxCombineBridge's `create` for sources that already deliver serially. An
/// implementation detail of the bridge, not an operator of RxKit's API.

/// For RxCombineBridge: `create` for a source that already calls its observer serially (a Combine
/// publisher does, per subscriber), so events are not serialised a second time — `create`'s drain
/// costs two lock round trips per element. Anything after the first terminal event is ignored, and
/// nothing is delivered after disposal, as with `create`.
///
/// Public and underscored rather than SPI because the bridge's `@inlinable` `asObservable()` calls it, and
/// inlinable code cannot reach SPI: built in the caller's specialised code, the producer's metadata (and,
/// in the bridge, its subscriber's and the publisher's subscription's) is at hand instead of looked up at
/// run time on every `asObservable()` and subscription. A free function rather than a static method of
/// `Observable`, which unspecialised code would call with the class's metadata, looked up per call. Not
/// part of RxKit's API: do not call it.
@inlinable
public func _serialSource<Element>(_ subscribe: @escaping (SerialSourceObserver<Element>) -> Disposable) -> Observable<Element> {
    SerialSourceProducer(subscribe)
}

/// The observer `_serialSource` hands its source: forwards straight to the subscription's
/// sink, through its element and terminal lanes (no `Event` is built). Must be called serially.
///
/// A struct holding the sink (a reference): the bridge's subscriber keeps it inline, with no object of its
/// own per subscription and no extra hop per element.
///
/// Public (not SPI) only because the bridge's `@inlinable` `asObservable()` names it; it has no public
/// initialiser, and nothing but RxCombineBridge has a use for it.
public struct SerialSourceObserver<Element>: @unchecked Sendable {
    @usableFromInline let sink: ObserverNode
    /// The sink's observer when it is an RxKit node with an element lane (every RxKit observer): an element
    /// goes straight there after the sink's disposed check, one call fewer per element than through the
    /// sink's own lane (S1, S7 Combine → Rx). Not retained: it is the observer, which the sink holds, which
    /// this holds. `nil` for any other observer, whose elements go through the sink.
    @usableFromInline let downstreamNode: Unmanaged<ObserverNode>?

    fileprivate init(sink: ObserverNode, downstreamLane: LaneHandle) {
        self.sink = sink
        downstreamNode = downstreamLane.node
    }

    /// Sends `element`, unless the subscription was disposed (or ended).
    public func onNext(_ element: Element) {
        var value = element  // `&value`, not `withUnsafePointer(to:)`: see `ElementLane.send`
        _onNext(at: &value)
    }

    /// `onNext(_:)` for the element at `element`, which is not copied. For the bridge's subscriber, whose
    /// forwarder, made in its caller's specialised code, copies the element with its concrete type (a
    /// register store for an `Int`), where `onNext(_:)` in unspecialised code copies it through its value
    /// witnesses (a stack allocation of dynamic size and two indirect calls per element). Public only
    /// because the bridge's `@inlinable` code calls it; not part of RxKit's API.
    ///
    /// Inlinable, so that the bridge's forwarder (itself specialised where `asObservable()` is called) does
    /// the disposed check and calls the node's lane in its own frame: a call and a frame fewer per element.
    @inlinable @inline(__always)
    public func _onNext(at element: UnsafePointer<Element>) {
        if let node = downstreamNode {
            if sink._sinkIsDisposedInline { return }
            node._withUnsafeGuaranteedRef { $0.onNextElement(at: UnsafeRawPointer(element)) }
        } else {
            // Another observer: through the sink's own lane, which checks "disposed" itself.
            sink.onNextElement(at: UnsafeRawPointer(element))
        }
    }

    /// Ends the sequence with completion.
    public func onCompleted() {
        sink.onTerminal(nil)
    }

    /// Ends the sequence with `error`.
    public func onError(_ error: Swift.Error) {
        sink.onTerminal(error)
    }
}

@usableFromInline
final class SerialSourceProducer<Element>: Producer<Element>, @unchecked Sendable {
    private let subscribeHandler: (SerialSourceObserver<Element>) -> Disposable

    @usableFromInline
    init(_ subscribeHandler: @escaping (SerialSourceObserver<Element>) -> Disposable) {
        self.subscribeHandler = subscribeHandler
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        if Observer.self is ObserverNode.Type {
            // A metatype check, then a reinterpretation of the (single-reference) value, as in
            // `LaneHandle(of:)`.
            let node = unsafeBitCast(observer, to: Unmanaged<ObserverNode>.self).takeUnretainedValue()
            if node.hasElementLane && node.hasTerminalLane {
                // RxKit's own observers (every sink, `subscribe(onNext:…)`'s observer): a sink of a non-generic
                // class, whose metadata is static, where `SerialSourceSink<Observer>`'s is looked up at run
                // time per subscription (about 350 instructions; R2, R4 Combine → Rx).
                let sink = SerialSourceNodeSink(observer: node, cancel: cancel)
                let subscription = subscribeHandler(SerialSourceObserver(sink: sink, downstreamLane: LaneHandle(node: node)))
                return (sink, subscription)
            }
        }
        let sink = SerialSourceSink(observer: observer, cancel: cancel)
        let subscription = subscribeHandler(SerialSourceObserver(sink: sink, downstreamLane: LaneHandle(of: observer)))
        return (sink, subscription)
    }
}

/// The sink of `_serialSource`: `create`'s sink without the drain. After a terminal event the sink is
/// disposed, so later events are dropped by `forwardNext`'s disposed check.
final class SerialSourceSink<Observer: ObserverType>: Sink<Observer>, TypedElementLane, @unchecked Sendable {
    typealias Element = Observer.Element

    override init(observer: Observer, cancel: SinkLink?) {
        super.init(observer: observer, cancel: cancel)
        hasElementLane = true
        hasTerminalLane = true
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            forwardNext(element)
        case .error(let error):
            onTerminal(error)
        case .completed:
            onTerminal(nil)
        }
    }

    func onNextElement(_ element: Element) {
        forwardNext(element)
    }

    override func onNextElement(at element: UnsafeRawPointer) {
        forwardNext(at: element)
    }

    /// Closed before the event is delivered (see `SerialSourceNodeSink.onTerminal(_:)`).
    override func onTerminal(_ error: Swift.Error?) {
        guard let previous = closeForDisposal() else { return }
        deliverTerminalAfterClosing(error)
        finishDisposal(previous)
    }
}

/// The sink of `_serialSource` for an observer that is an RxKit node taking both elements and terminal
/// events through its lanes: the same as `SerialSourceSink`, with the observer held as the node. Elements
/// normally go straight to the node's lane (`SerialSourceObserver`), past this sink.
final class SerialSourceNodeSink: SinkBase, @unchecked Sendable {
    private let resourceTracking = ResourceTracking()
    private let observer: ObserverNode

    init(observer: ObserverNode, cancel: SinkLink?) {
        self.observer = observer
        super.init(cancel: cancel)
        hasElementLane = true
        hasTerminalLane = true
    }

    override func onNextElement(at element: UnsafeRawPointer) {
        if sinkIsDisposed { return }
        observer.onNextElement(at: element)
    }

    /// Closed (the disposed flag set) before the event is delivered, so that a value the source sends during
    /// or after it is dropped by `SerialSourceObserver`'s disposed check: the bridge's subscriber relies on
    /// that check alone, having none of its own on the per-value path.
    override func onTerminal(_ error: Swift.Error?) {
        guard let previous = closeForDisposal() else { return }
        observer.onTerminal(error)
        finishDisposal(previous)
    }
}
