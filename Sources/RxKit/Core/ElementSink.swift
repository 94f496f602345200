/// The base of an operator sink that takes its source's elements through the element lane (see
/// `ElementLane`): it owns the plumbing, so an operator's sink writes only its element logic.
///
/// - An element arrives as `onNextElement(at:)` from a sender with a lane, or as `on(.next(_:))` from
///   one without; both end in `onNextElement(_:)`, the one method a subclass must override (a class
///   method: one virtual call per element, no closure, no existential).
/// - `on(.error(_:))` and `on(.completed)` end in `onError(_:)` and `onCompleted()`, which forward the
///   event downstream and dispose the sink; a subclass overrides them only when it does more.
/// - The sink announces its lane (`hasElementLane`) once its `init` is done.
///
/// A sink that passes its elements on unchanged overrides `onNextElement(at:)` too, to hand them down by
/// address (`forwardNext(at:)`) instead of copying them; one that must see every event in one place
/// (serialising them, say) overrides `on(_:)`.
///
/// `Input` is the source's element type, a generic parameter of its own (not read as an associated type
/// of `Observer`), so the per-element path finds its metadata in the sink's own generic arguments.
@usableFromInline
class ElementSink<Input, Observer: ObserverType>: Sink<Observer>, TypedElementLane, @unchecked Sendable {
    @usableFromInline
    typealias Element = Input

    override init(observer: Observer, cancel: SinkLink?) {
        super.init(observer: observer, cancel: cancel)
        hasElementLane = true
    }

    override init(observer: consuming Observer, lane: LaneHandle, cancel: SinkLink?) {
        super.init(observer: observer, lane: lane, cancel: cancel)
        hasElementLane = true
    }

    /// Same as `on(.next(element))`: the operator's element logic.
    func onNextElement(_ element: Input) {
        preconditionFailure("ElementSink.onNextElement(_:) is abstract: the operator's sink overrides it.")
    }

    override func onNextElement(at element: UnsafeRawPointer) {
        onNextElement(element.assumingMemoryBound(to: Input.self).pointee)
    }

    @usableFromInline
    func on(_ event: Event<Input>) {
        switch event {
        case .next(let element):
            onNextElement(element)
        case .error(let error):
            onError(error)
        case .completed:
            onCompleted()
        }
    }

    /// The source failed: forwards the error and disposes.
    func onError(_ error: Swift.Error) {
        forwardError(error)
    }

    /// The source completed: forwards completion and disposes.
    func onCompleted() {
        forwardCompleted()
    }
}

/// An `ElementSink` that passes its source's elements on unchanged, by address on the lane (no copy, see
/// `Sink.forwardNext(at:)`): the sink overrides only the terminal events it handles.
@usableFromInline
class PassThroughElementSink<Observer: ObserverType>: ElementSink<Observer.Element, Observer>, @unchecked Sendable {
    override final func onNextElement(_ element: Observer.Element) {
        forwardNext(element)
    }

    override final func onNextElement(at element: UnsafeRawPointer) {
        forwardNext(at: element)
    }
}
