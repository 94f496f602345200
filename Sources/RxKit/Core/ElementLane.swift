/// RxKit's internal fast path for elements: an observer that can take an element without it being
/// wrapped in an `Event`.
///
/// Why: RxKit's operators run as unspecialised generic code (a client module cannot specialise them), and
/// there every `switch` on an `Event<Element>` and every `.next(x)` built for the next stage costs a
/// runtime metadata look-up — a hash-table probe of several hundred instructions. A chain of sinks that
/// hand elements to each other through this lane needs none per element; terminal events still travel
/// as `Event`s through `on(_:)`.
///
/// The protocol is deliberately not generic: a sender discovers the lane once per subscription with
/// `LaneHandle(of:)` — a class cast and the node's `hasElementLane` for RxKit's nodes, else a plain
/// `observer as? ElementLane` cast (a parameterised `any ElementLane<Element>` cast costs thousands
/// of instructions, which subscription-heavy code would pay on every sink). Type safety comes from where
/// the cast is made: only on an observer whose `Element` is statically the sender's element type
/// (`Sink.init`, `SubjectHub.Entry.init`, `AnyObserver.init`), and every conformer is a `TypedElementLane` whose
/// `onNextElement(at:)` reads exactly its own `Element`.
protocol ElementLane: AnyObject {
    /// Same as `on(.next(element))`, where `element` points to a value of the observer's `Element` type.
    func onNextElement(at element: UnsafeRawPointer)
}

/// The typed side of `ElementLane`, implemented by RxKit's element-forwarding observers and sinks.
/// Contract: `onNextElement(x)` behaves exactly as `on(.next(x))` (same grammar checks, same serialisation),
/// and `onNextElement(at:)` is `onNextElement(pointer.assumingMemoryBound(to: Element.self).pointee)`.
/// Each conformer writes that one line itself: a shared default in a protocol extension would cost a
/// `swift_getWitnessTable` call per element for generic conformers.
protocol TypedElementLane: ElementLane, ObserverType {
    /// Same as `on(.next(element))`.
    func onNextElement(_ element: Element)
}

extension ObserverType {
    /// This observer's element lane, if it has one. Only call where the element type the caller will
    /// send is statically `Element` (see `ElementLane`).
    @inline(__always)
    var elementLane: ElementLane? { self as? ElementLane }
}

extension ElementLane {
    /// Sends `element`, which must be of the type the lane was discovered for.
    @inline(__always)
    func send<Element>(_ element: Element) {
        // A local copy passed with `&` (inout-to-pointer): unlike `withUnsafePointer(to:)`, which the
        // optimiser leaves as an out-of-line generic call with a closure in unspecialised code, this is a
        // value-witness copy and a direct call.
        var value = element
        onNextElement(typed: &value)
    }

    /// `onNextElement(at:)` for a typed pointer (passing `&value` as a typed pointer, then converting,
    /// keeps the compiler's check on raw pointers to values that may hold references quiet for a
    /// conversion that is intended: the lane reads the value back with its own, identical type).
    @inline(__always)
    func onNextElement<Element>(typed element: UnsafePointer<Element>) {
        onNextElement(at: UnsafeRawPointer(element))
    }
}

/// RxKit's subjects as element lanes for RxKit's own multicasting (`share`, `publish`, `replay`): an
/// internal twin of `ElementLane`, which the public subjects adopt without a conformance to it.
/// `onNextElement(at:)` reads the subject's own `Element`, as `ElementLane`'s does.
protocol SubjectElementLane: AnyObject {
    func onNextElement(at element: UnsafeRawPointer)
}

extension SubjectElementLane {
    /// `onNextElement(at:)` for a typed pointer (see `ElementLane.onNextElement(typed:)`).
    @inline(__always)
    func onNextElement<Element>(typed element: UnsafePointer<Element>) {
        onNextElement(at: UnsafeRawPointer(element))
    }
}
