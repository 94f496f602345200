import CombineKit
import RxKit

/// An RxKit relay seen as a CombineKit `Subject` that never fails: `send(_:)` is the relay's `accept`.
/// `send(completion:)` is ignored, because a relay never completes (RxRelay's contract); subscribers
/// receive what the relay emits (a `BehaviorRelay` or `ReplayRelay` replays as it does in RxKit),
/// honouring their demand through the lossless bridge.
///
/// ```swift
/// let subject = BehaviorRelay(value: 0).toCombine(); subject.send(1)  // accept(1)
/// ```
public final class RelaySubject<Output>: CombineKit.Subject, @unchecked Sendable {
    public typealias Failure = Never

    private let accept: (Output) -> Void
    private let source: Observable<Output>

    init(accept: @escaping (Output) -> Void, source: Observable<Output>) {
        self.accept = accept
        self.source = source
    }

    /// Accepts `value` into the relay.
    public func send(_ value: Output) { accept(value) }

    /// Ignored: relays never complete.
    public func send(completion: Subscribers.Completion<Never>) {}

    /// Requests unlimited values from an upstream that feeds this subject.
    public func send(subscription: CombineKit.Subscription) { subscription.request(.unlimited) }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
        source.asPublisher(failureType: Never.self) { error in
            preconditionFailure("A relay never fails, but its observable sent \(error).")
        }.subscribe(subscriber)
    }
}

extension PublishRelay {
    /// This relay as a CombineKit subject (`send` accepts; completion is ignored, as relays never complete).
    ///
    /// ```swift
    /// let taps = PublishRelay<Void>()
    /// button.tapPublisher.subscribe(taps.toCombine())
    /// ```
    public func toCombine() -> RelaySubject<Element> {
        RelaySubject(accept: accept, source: asObservable())
    }
}

extension BehaviorRelay {
    /// This relay as a CombineKit subject; new subscribers first get the current value.
    ///
    /// ```swift
    /// settingsPublisher.subscribe(selectedTheme.toCombine())   // selectedTheme: BehaviorRelay<Theme>
    /// ```
    public func toCombine() -> RelaySubject<Element> {
        RelaySubject(accept: accept, source: asObservable())
    }
}

extension ReplayRelay {
    /// This relay as a CombineKit subject; new subscribers first get the replayed values.
    ///
    /// ```swift
    /// logPublisher.subscribe(recentLines.toCombine())   // recentLines: ReplayRelay<String>
    /// ```
    public func toCombine() -> RelaySubject<Element> {
        RelaySubject(accept: accept, source: asObservable())
    }
}
