import CombineKit
import RxKit

extension PassthroughSubject {
    /// This subject as an Rx `Observable`: `Publisher.asObservable()` (each Rx subscription subscribes to
    /// the subject, requesting `.unlimited`; values are forwarded, finish becomes `completed`, a failure
    /// `error`; disposing cancels the subscription), with no subscription object at all for RxKit's own
    /// observers: the subject keeps such an observer in its subscriber list itself, as RxKit's subjects do.
    /// As with RxSwift's subjects, subscribing runs in no current-thread trampoline: a subject that has
    /// completed sends a new observer the terminal event at once, from `subscribe` itself.
    ///
    /// ```swift
    /// let taps = PassthroughSubject<Void, Never>()
    /// taps.asObservable().subscribe(onNext: { refresh() }).disposed(by: bag)
    /// ```
    // Inlinable: the forwarding functions are made in the caller's specialised code (see
    // `Publisher.asObservable()`).
    @inlinable
    public func asObservable() -> Observable<Output> {
        let subject = self
        return _serialSource(serialSourceHandler(), subscribeNode: { node in
            // RxKit's own observer (an operator's sink, `subscribe(onNext:)`'s observer): an entry of the
            // subject's own, which calls its lanes; disposing removes it.
            guard let key = subject._subscribeNode(node, receive: subjectNodeForwarder(Output.self), complete: subjectNodeCompleter(Failure.self)) else {
                // The subject had completed: the observer has received the terminal event.
                return Disposables.create()
            }
            return SubjectNodeDisposable(subject: subject, key: key)
        })
    }
}

/// The element forwarder of a subject's node entry (`PassthroughSubject._subscribeNode`): copies the element
/// and hands its address to the RxKit observer `target` points to. Made in `asObservable()`'s caller,
/// specialised for the concrete `Input`; it captures nothing. A local function marked `@inline(never)`, not a
/// closure, for the reason `nodeSinkForwarder(_:)` gives.
///
/// No "disposed?" check: disposing removes the entry, and RxKit's observers guard their own end (as with a
/// subject of RxKit's, which calls them the same way).
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

/// The completion forwarder of a subject's node entry: finish becomes the observer's `completed`, a failure
/// its `error`.
@inlinable
func subjectNodeCompleter<Failure: Swift.Error>(_: Failure.Type) -> (Subscribers.Completion<Failure>, UnsafeRawPointer) -> Void {
    func complete(_ completion: Subscribers.Completion<Failure>, to target: UnsafeRawPointer) {
        let node = Unmanaged<ObserverNode>.fromOpaque(target)
        switch completion {
        case .finished: node._withUnsafeGuaranteedRef { $0.onTerminal(nil) }
        case .failure(let error): node._withUnsafeGuaranteedRef { $0.onTerminal(error) }
        }
    }
    return complete
}

/// The Rx disposable of a subject's node entry: removes it. A struct of a reference and a key, kept inline
/// in the `Disposable` existential (no allocation); removing is idempotent.
@usableFromInline
struct SubjectNodeDisposable<Output, Failure: Swift.Error>: Disposable {
    @usableFromInline let subject: PassthroughSubject<Output, Failure>
    @usableFromInline let key: UInt64

    @inlinable
    init(subject: PassthroughSubject<Output, Failure>, key: UInt64) {
        self.subject = subject
        self.key = key
    }

    @usableFromInline
    func dispose() {
        subject._removeNode(key: key)
    }
}
