extension ObservableType {
    /// Projects each element to an inner sequence with `selector` and mirrors only the most recent one:
    /// on each new element the previous inner sequence is disposed *before* the new one is subscribed.
    /// Completes once the source and the current inner sequence have completed; any error, or one thrown
    /// by `selector`, ends it at once. Same as RxSwift's `flatMapLatest`.
    public func flatMapLatest<Source: ObservableConvertibleType>(_ selector: @escaping (Element) throws -> Source)
        -> Observable<Source.Element> {
        SwitchLatestProducer(source: asObservable(), selector: selector)
    }
}

extension ObservableType where Element: ObservableConvertibleType {
    /// Mirrors the most recent inner sequence, disposing the previous one before subscribing the new one.
    /// Completes once the source and the current inner sequence have completed.
    /// Same as RxSwift's `switchLatest`.
    public func switchLatest() -> Observable<Element.Element> {
        SwitchLatestProducer(source: asObservable(), selector: { $0 })
    }
}

final class SwitchLatestProducer<SourceElement, Inner: ObservableConvertibleType>: Producer<Inner.Element>, @unchecked Sendable {
    private let source: Observable<SourceElement>
    private let selector: (SourceElement) throws -> Inner

    init(source: Observable<SourceElement>, selector: @escaping (SourceElement) throws -> Inner) {
        self.source = source
        self.selector = selector
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
        where Observer.Element == Inner.Element {
        let sink = SwitchLatestSink<SourceElement, Inner, Observer, InnerObserver<Inner.Element>>(
            selector: selector, observer: observer, cancel: cancel)
        return (sink, sink.run(source))
    }
}

/// One `switchLatest`/`flatMapLatest` subscription; source and inner events are handled inside one
/// `SerialDrain`. `latest` identifies the inner subscription currently mirrored; events from any other
/// (replaced) inner are dropped. The group holds the current inner (`replaceCurrent`) and finishes the
/// previous one, which disposes it — or, if it is still being subscribed, makes `attach` dispose it the
/// moment its `subscribe` returns. The sink keeps only the identity (`latest` is compared, never
/// dereferenced): a strong reference would make a cycle (sink → inner observer → sink) that a disposal
/// from downstream, which does not run in the drain, could not break. Every inner observer is made by
/// `replaceLatest`, which makes it `latest` at once, so an identity is never mistaken for a reused address.
///
/// As in `FlatMapSink`, elements take the element lane and are handled at once when no other thread is
/// delivering, and an inner started by an outer element that arrived with the drain free is subscribed
/// after the drain is left (the previous inner already disposed), so a synchronous inner (`just`) is
/// delivered directly and never linked into the group.
final class SwitchLatestSink<SourceElement, Inner: ObservableConvertibleType, Observer: ObserverType, InnerObs: InnerObserverType>:
    Sink<Observer>, TypedElementLane, InnerEventReceiver, @unchecked Sendable
    where Observer.Element == Inner.Element, InnerObs.Element == Inner.Element {
    typealias Element = SourceElement

    enum Message {
        case outer(Event<SourceElement>)
        case inner(InnerSubscription, Event<Inner.Element>)
    }

    private let selector: (SourceElement) throws -> Inner
    private let drain = SerialDrain<Message>()
    private let group = InnerSubscriptionGroup()

    // Touched only inside the drain.
    @exclusivity(unchecked) private var latest: ObjectIdentifier?
    @exclusivity(unchecked) private var outerCompleted = false
    @exclusivity(unchecked) private var terminated = false

    init(selector: @escaping (SourceElement) throws -> Inner, observer: Observer, cancel: Cancelable) {
        self.selector = selector
        super.init(observer: observer, cancel: cancel)
    }

    func run(_ source: Observable<SourceElement>) -> Disposable {
        group.setOuter(source.subscribe(self))
        return group
    }

    // MARK: outer events

    func on(_ event: Event<SourceElement>) {
        switch event {
        case .next(let element):
            onNextElement(element)
        case .error, .completed:
            submit(.outer(event))
        }
    }

    func onNextElement(_ element: SourceElement) {
        guard drain.tryBegin() else {
            submitOuterNext(element)
            return
        }
        if terminated {
            drain.finish(handle)
            return
        }
        let inner: Inner
        do {
            inner = try selector(element)
        } catch {
            fail(error)
            drain.finish(handle)
            return
        }
        let observer = replaceLatest()
        drain.finish(handle)
        if isDisposed { return }
        group.attach(observer, inner.asObservable().subscribe(observer))
    }

    func onNextElement(at element: UnsafeRawPointer) {
        onNextElement(element.assumingMemoryBound(to: SourceElement.self).pointee)
    }

    @inline(never)
    private func submitOuterNext(_ element: SourceElement) {
        submit(.outer(.next(element)))
    }

    // MARK: inner events (`InnerEventReceiver`)

    func innerNext(at element: UnsafeRawPointer, from inner: InnerSubscription) {
        if drain.tryBegin() {
            if !terminated && ObjectIdentifier(inner) == latest {
                forwardNext(element.assumingMemoryBound(to: Observer.Element.self).pointee)
            }
            drain.finish(handle)
        } else {
            submitInnerNext(element, from: inner)
        }
    }

    func innerError(_ error: Swift.Error, from inner: InnerSubscription) {
        submit(.inner(inner, .error(error)))
    }

    func innerCompleted(from inner: InnerSubscription) {
        if drain.tryBegin() {
            completeInner(inner)
            drain.finish(handle)
        } else {
            submitInnerCompleted(from: inner)
        }
    }

    @inline(never)
    private func submitInnerNext(_ element: UnsafeRawPointer, from inner: InnerSubscription) {
        submit(.inner(inner, .next(element.assumingMemoryBound(to: Observer.Element.self).pointee)))
    }

    @inline(never)
    private func submitInnerCompleted(from inner: InnerSubscription) {
        submit(.inner(inner, .completed))
    }

    // MARK: inside the drain

    private func submit(_ message: Message) {
        drain.submit(message) { handle($0) }
    }

    private func handle(_ message: Message) {
        switch message {
        case .outer(.next(let element)):
            if terminated { return }
            let inner: Inner
            do {
                inner = try selector(element)
            } catch {
                fail(error)
                return
            }
            let observer = replaceLatest()
            group.attach(observer, inner.asObservable().subscribe(observer))
        case .outer(.error(let error)):
            if !terminated { terminate(.error(error)) }
        case .outer(.completed):
            if terminated { return }
            outerCompleted = true
            group.disposeOuter()
            if latest == nil { terminate(.completed) }
        case .inner(let inner, .next(let element)):
            if !terminated && ObjectIdentifier(inner) == latest { forwardNext(element) }
        case .inner(let inner, .error(let error)):
            if !terminated && ObjectIdentifier(inner) == latest { terminate(.error(error)) }
        case .inner(let inner, .completed):
            completeInner(inner)
        }
    }

    /// Makes a new observer the latest inner and disposes the previous one (RxSwift disposes the previous
    /// inner before subscribing the next).
    private func replaceLatest() -> InnerObs {
        let observer = InnerObs(receiver: self)
        latest = ObjectIdentifier(observer)
        group.replaceCurrent(with: observer)
        return observer
    }

    private func completeInner(_ inner: InnerSubscription) {
        if terminated || ObjectIdentifier(inner) != latest { return }
        latest = nil
        group.finishCurrent(inner)
        if outerCompleted { terminate(.completed) }
    }

    @inline(never)
    private func fail(_ error: Swift.Error) {
        terminate(.error(error))
    }

    @inline(never)
    private func terminate(_ event: Event<Observer.Element>) {
        terminated = true
        forwardTerminal(event)
    }
}
