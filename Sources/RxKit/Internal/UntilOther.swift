/// The parts `skip(until:)` and `take(until:)` share: a producer holding the source and the `other`
/// sequence, the messages their sinks serialise, and the observer that turns `other`'s events into messages.
/// Each operator's sink keeps its own message handling and its own subscription order.
class UntilOtherProducer<Element, Other>: Producer<Element>, @unchecked Sendable {
    let source: Observable<Element>
    let other: Observable<Other>

    init(source: Observable<Element>, other: Observable<Other>) {
        self.source = source
        self.other = other
    }
}

/// What reaches a `skip(until:)` or `take(until:)` sink, from either sequence.
enum UntilOtherMessage<Element> {
    case source(Event<Element>)
    case otherNext
    case otherError(Swift.Error)
    case otherCompleted
}

/// A sink that takes the source's and `other`'s events as `UntilOtherMessage`s.
protocol UntilOtherSink: AnyObject {
    associatedtype Element
    func submit(_ message: UntilOtherMessage<Element>)
}

/// Observes `other` on behalf of an `UntilOtherSink`.
final class UntilOtherObserver<Other, Target: UntilOtherSink>: ObserverType {
    private let sink: Target

    init(sink: Target) {
        self.sink = sink
    }

    func on(_ event: Event<Other>) {
        switch event {
        case .next: sink.submit(.otherNext)
        case .error(let error): sink.submit(.otherError(error))
        case .completed: sink.submit(.otherCompleted)
        }
    }
}
