extension ObservableType {
    /// Runs side effects for each event and for the subscription's lifecycle, passing events through
    /// unchanged. `on…` hooks run before the event is forwarded, `after…` hooks right after it; an error
    /// thrown by a hook ends the sequence with that error (a throw from `afterError`/`afterCompleted`
    /// comes after the terminal event, so it goes to `Hooks.defaultErrorHandler`). `onSubscribe` runs
    /// before subscribing upstream, `onSubscribed` after, and `onDispose` when the subscription ends
    /// (by disposal or a terminal event). Same as RxSwift's `do`.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Observable<Element> {
        DoProducer(
            source: asObservable(),
            hooks: DoHooks(
                onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
                onCompleted: onCompleted, afterCompleted: afterCompleted),
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose)
    }
}

/// The per-event hooks of `do`.
struct DoHooks<Element> {
    let onNext: ((Element) throws -> Void)?
    let afterNext: ((Element) throws -> Void)?
    let onError: ((Swift.Error) throws -> Void)?
    let afterError: ((Swift.Error) throws -> Void)?
    let onCompleted: (() throws -> Void)?
    let afterCompleted: (() throws -> Void)?

    func before(_ event: Event<Element>) throws {
        switch event {
        case .next(let element): try onNext?(element)
        case .error(let error): try onError?(error)
        case .completed: try onCompleted?()
        }
    }

    func after(_ event: Event<Element>) throws {
        switch event {
        case .next(let element): try afterNext?(element)
        case .error(let error): try afterError?(error)
        case .completed: try afterCompleted?()
        }
    }
}

final class DoProducer<Element>: Producer<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    private let hooks: DoHooks<Element>
    private let onSubscribe: (() -> Void)?
    private let onSubscribed: (() -> Void)?
    private let onDispose: (() -> Void)?

    init(source: Observable<Element>, hooks: DoHooks<Element>, onSubscribe: (() -> Void)?, onSubscribed: (() -> Void)?, onDispose: (() -> Void)?) {
        self.source = source
        self.hooks = hooks
        self.onSubscribe = onSubscribe
        self.onSubscribed = onSubscribed
        self.onDispose = onDispose
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        onSubscribe?()
        let sink = DoSink(hooks: hooks, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        onSubscribed?()
        guard let onDispose else { return (sink, subscription) }
        return (sink, Disposables.create {
            subscription.dispose()
            onDispose()
        })
    }
}

/// Takes elements through the element lane (no `Event` per element; see ARCHITECTURE.md); terminal events
/// go through `on(_:)`.
final class DoSink<Observer: ObserverType>: ElementSink<Observer.Element, Observer>, @unchecked Sendable {    private let hooks: DoHooks<Element>

    init(hooks: DoHooks<Element>, observer: Observer, cancel: SinkLink?) {
        self.hooks = hooks
        super.init(observer: observer, cancel: cancel)
    }

    /// `on(.next(element))`: `onNext`, the element downstream, then `afterNext`; an error either throws
    /// ends the sequence with it.
    override func onNextElement(_ element: Element) {
        do {
            try hooks.onNext?(element)
        } catch {
            forwardError(error)
            return
        }
        forwardNext(element)
        do {
            try hooks.afterNext?(element)
        } catch {
            forwardError(error)
        }
    }

    override func on(_ event: Event<Element>) {
        if case .next(let element) = event {
            onNextElement(element)
            return
        }
        do {
            try hooks.before(event)
        } catch {
            forwardError(error)
            return
        }
        forwardOn(event)
        do {
            try hooks.after(event)
        } catch {
            if event.isStopEvent {
                Hooks.reportUnhandled(error)  // the sequence has already ended; nothing may follow
            } else {
                forwardError(error)
                return
            }
        }
        if event.isStopEvent { dispose() }
    }
}
