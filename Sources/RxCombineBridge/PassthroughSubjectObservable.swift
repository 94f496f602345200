import CombineKit
import RxKit

extension PassthroughSubject {
    /// This subject as an Rx `Observable`: `Publisher.asObservable()` (each Rx subscription subscribes to
    /// the subject, requesting `.unlimited`; values are forwarded, finish becomes `completed`, a failure
    /// `error`; disposing cancels the subscription), with one object fewer per subscription for RxKit's own
    /// observers: the subject's subscription calls the Rx observer itself.
    ///
    /// ```swift
    /// let taps = PassthroughSubject<Void, Never>()
    /// taps.asObservable().subscribe(onNext: { refresh() }).disposed(by: bag)
    /// ```
    // Inlinable: the subject's subscription and the subscriber are made in the caller's specialised code, with
    // their metadata at hand (see `Publisher.asObservable()`).
    @inlinable
    public func asObservable() -> Observable<Output> {
        let subject = self
        return _serialSource(serialSourceHandler(), subscribeNode: { node in
            // RxKit's own observer (an operator's sink, `subscribe(onNext:)`'s observer): the subject's
            // subscription holds it, inline, and calls its lanes; disposing cancels that subscription.
            guard let subscription = subject._subscribe(SubjectNodeSubscriber<Output, Failure>(node, forward: subjectNodeForwarder(Output.self))) else {
                // The subject had completed: the observer has received the terminal event.
                return Disposables.create()
            }
            return SubscriptionDisposable(subscription)
        })
    }
}

/// `SubjectNodeSubscriber`'s element forwarder: copies the element and hands its address to the RxKit
/// observer `target` points to. Made in `asObservable()`'s caller, specialised for the concrete `Input`; it
/// captures nothing. A local function marked `@inline(never)`, not a closure, for the reason
/// `nodeSinkForwarder(_:)` gives.
///
/// No "disposed?" check: disposing cancels the subject's subscription, which then calls nothing more, and
/// RxKit's observers guard their own end (as with a subject of RxKit's, which calls them the same way).
@inlinable
func subjectNodeForwarder<Input>(_: Input.Type) -> (Input, UnsafeRawPointer) -> Void {
    @inline(never)
    func forward(_ element: Input, to target: UnsafeRawPointer) {
        var copy = element
        _withUnprotectedUnsafePointer(to: &copy) { copy in
            Unmanaged<ObserverNode>.fromOpaque(target)._withUnsafeGuaranteedRef { $0.onNextElement(at: copy) }
        }
    }
    return forward
}

/// The Combine subscriber a `PassthroughSubject` is given for one of RxKit's own observers (a node with both
/// lanes): a struct, so the subject's subscription keeps it inline (no object of its own). It asks for
/// `.unlimited` (Rx has no back-pressure), hands values to the observer's element lane (through its value
/// lane, which the subscription calls directly) and the completion to its terminal lane (a failure as the
/// error). The subscription calls it serially and nothing after the completion or once cancelled.
@usableFromInline
struct SubjectNodeSubscriber<Input, Failure: Swift.Error>: Subscriber {
    /// The Rx observer, held for as long as the subject's subscription holds this subscriber.
    @usableFromInline let node: ObserverNode
    /// `subjectNodeForwarder(_:)`'s function, made in the caller's specialised code (the subject's
    /// subscription reads `_valueLane` in unspecialised code).
    @usableFromInline let forward: (Input, UnsafeRawPointer) -> Void

    @inlinable
    init(_ node: ObserverNode, forward: @escaping (Input, UnsafeRawPointer) -> Void) {
        self.node = node
        self.forward = forward
    }

    @usableFromInline
    var combineIdentifier: CombineIdentifier { CombineIdentifier(node) }

    @usableFromInline
    func receive(subscription: Subscription) {
        subscription.request(.unlimited)
    }

    /// Through the witness table (a subject's subscription calls `_valueLane` instead).
    @usableFromInline
    func receive(_ input: Input) -> Subscribers.Demand {
        forward(input, UnsafeRawPointer(Unmanaged.passUnretained(node).toOpaque()))
        return .none
    }

    @usableFromInline
    var _valueLane: _SubscriberValueLane<Input>? {
        _SubscriberValueLane(target: node, receive: forward)
    }

    @usableFromInline
    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: node.onTerminal(nil)
        case .failure(let error): node.onTerminal(error)
        }
    }
}

/// The Rx disposable of a subject subscription made for an RxKit observer: cancels it. A struct of one
/// reference, kept inline in the `Disposable` existential (no allocation); cancelling is idempotent.
@usableFromInline
struct SubscriptionDisposable: Disposable {
    @usableFromInline let subscription: any Cancellable & AnyObject

    @inlinable
    init(_ subscription: any Cancellable & AnyObject) {
        self.subscription = subscription
    }

    @usableFromInline
    func dispose() {
        subscription.cancel()
    }
}
