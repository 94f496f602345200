extension ObservableType {
    /// Combines each element of this sequence with the latest element of `second` using `resultSelector`.
    /// `second` is subscribed first; elements arriving before `second` has produced a value are dropped.
    /// Completes when this sequence completes (`second` completing changes nothing); an error from either
    /// sequence, or thrown by `resultSelector`, ends it at once. Same as RxSwift's `withLatestFrom`.
    public func withLatestFrom<Source: ObservableConvertibleType, ResultType>(
        _ second: Source, resultSelector: @escaping (Element, Source.Element) throws -> ResultType
    ) -> Observable<ResultType> {
        WithLatestFromProducer(first: asObservable(), second: second.asObservable(), resultSelector: resultSelector)
    }

    /// Emits the latest element of `second` each time this sequence emits; see
    /// `withLatestFrom(_:resultSelector:)`. Same as RxSwift's `withLatestFrom`.
    public func withLatestFrom<Source: ObservableConvertibleType>(_ second: Source) -> Observable<Source.Element> {
        WithLatestFromProducer(first: asObservable(), second: second.asObservable(), resultSelector: { $1 })
    }
}

final class WithLatestFromProducer<First, Second, Result>: Producer<Result>, @unchecked Sendable {
    private let first: Observable<First>
    private let second: Observable<Second>
    private let resultSelector: (First, Second) throws -> Result

    init(first: Observable<First>, second: Observable<Second>, resultSelector: @escaping (First, Second) throws -> Result) {
        self.first = first
        self.second = second
        self.resultSelector = resultSelector
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Result {
        let sink = WithLatestFromSink(resultSelector: resultSelector, observer: observer, cancel: cancel)
        let subscription = sink.run(first: first, second: second)
        return (sink, subscription)
    }
}

/// Both sources' events go through one `SerialDrain`; the latest value of `second` lives in the sink.
///
/// The per-element path builds no `Event` or `Message`: each source is observed through RxKit's element and
/// terminal lanes (`CombineLatestSourceObserver`, index 0 for `first`, 1 for `second`), and an element that
/// finds the drain free is handled at once, by address. Only an element arriving while another thread (or
/// this one, re-entrantly) is inside the drain becomes a queued `Message`. The latest `second` value is a raw
/// slot, not a `Second?` (whose metadata unspecialised code would look up on every element).
final class WithLatestFromSink<First, Second, Observer: ObserverType>: Sink<Observer>, CombineLatestElementReceiver, @unchecked Sendable {
    enum Message {
        case first(Event<First>)
        case second(Event<Second>)
    }

    private let resultSelector: (First, Second) throws -> Observer.Element
    private let drain = SerialDrain<Message>()
    private let secondSubscription = SingleAssignmentDisposable()

    // Touched only inside the drain (`@exclusivity(unchecked)`: the drain is what excludes overlaps).
    /// The latest value of `second`, initialised while `hasLatest`.
    private let latest = UnsafeMutablePointer<Second>.allocate(capacity: 1)
    @exclusivity(unchecked) private var hasLatest = false
    @exclusivity(unchecked) private var terminated = false

    init(resultSelector: @escaping (First, Second) throws -> Observer.Element, observer: Observer, cancel: SinkLink?) {
        self.resultSelector = resultSelector
        super.init(observer: observer, cancel: cancel)
    }

    deinit {
        if hasLatest { latest.deinitialize(count: 1) }
        latest.deallocate()
    }

    func run(first: Observable<First>, second: Observable<Second>) -> Disposable {
        // RxSwift subscribes the second source first, so a value it has at once (e.g. a BehaviorSubject's)
        // is available to the first source's first element.
        secondSubscription.setDisposable(second.subscribe(CombineLatestSourceObserver<Second, WithLatestFromSink>(index: 1, into: self)))
        let firstSubscription = first.subscribe(CombineLatestSourceObserver<First, WithLatestFromSink>(index: 0, into: self))
        return Disposables.create(firstSubscription, secondSubscription)
    }

    // MARK: From the sources' observers

    func sourceNext(at element: UnsafeRawPointer, index: Int) {
        if drain.tryBegin() {
            handleNext(at: element, index: index)
            drain.finish(handle)
        } else {
            submitNext(at: element, index: index)
        }
    }

    func sourceTerminal(_ error: Swift.Error?, index: Int) {
        if drain.tryBegin() {
            handleTerminal(error, index: index)
            drain.finish(handle)
        } else {
            submitTerminal(error, index: index)
        }
    }

    /// `sourceNext` while the drain is taken: queues the element as a message. Out of line, so the
    /// per-element path needs no `Message` or `Event` metadata.
    @inline(never)
    private func submitNext(at element: UnsafeRawPointer, index: Int) {
        if index == 0 {
            drain.submit(.first(.next(element.assumingMemoryBound(to: First.self).pointee)), handle)
        } else {
            drain.submit(.second(.next(element.assumingMemoryBound(to: Second.self).pointee)), handle)
        }
    }

    /// `sourceTerminal` while the drain is taken (see `submitNext`).
    @inline(never)
    private func submitTerminal(_ error: Swift.Error?, index: Int) {
        if index == 0 {
            drain.submit(.first(error.map { .error($0) } ?? .completed), handle)
        } else {
            drain.submit(.second(error.map { .error($0) } ?? .completed), handle)
        }
    }

    // MARK: Inside the drain

    private func handle(_ message: Message) {
        switch message {
        case .first(let event): handle(event, index: 0)
        case .second(let event): handle(event, index: 1)
        }
    }

    private func handle<Value>(_ event: Event<Value>, index: Int) {
        switch event {
        case .next(let value):
            var copy = value
            handleNext(copy: &copy, index: index)
        case .error(let error):
            handleTerminal(error, index: index)
        case .completed:
            handleTerminal(nil, index: index)
        }
    }

    private func handleNext<Value>(copy value: UnsafePointer<Value>, index: Int) {
        handleNext(at: UnsafeRawPointer(value), index: index)
    }

    /// An element of `first` (index 0: combined with the latest `second` value, if there is one, else
    /// dropped) or of `second` (index 1: kept as the latest).
    private func handleNext(at element: UnsafeRawPointer, index: Int) {
        if terminated { return }
        if index == 1 {
            let value = element.assumingMemoryBound(to: Second.self)
            if hasLatest {
                latest.update(from: value, count: 1)
            } else {
                latest.initialize(to: value.pointee)
                hasLatest = true
            }
            return
        }
        guard hasLatest else { return }
        let result: Observer.Element
        do {
            result = try resultSelector(element.assumingMemoryBound(to: First.self).pointee, latest.pointee)
        } catch {
            terminated = true
            forwardError(error)
            return
        }
        forwardNext(result)
    }

    /// `first` ending ends the result; `second`'s error ends it too, its completion changes nothing (its
    /// last value stays usable, as in RxSwift).
    private func handleTerminal(_ error: Swift.Error?, index: Int) {
        if terminated { return }
        if index == 1 && error == nil {
            secondSubscription.dispose()
            return
        }
        terminated = true
        if let error {
            forwardError(error)
        } else {
            forwardCompleted()
        }
    }
}
