import CombineKit
import RxKit

// MARK: - RxKit relays and subjects as CombineKit subjects

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

/// An RxKit subject seen as a CombineKit `Subject` with `Error` failure: `send` is `onNext`, finished is
/// `onCompleted`, failure is `onError`; subscribers get the subject's events through the lossless bridge.
///
/// ```swift
/// let subject = PublishSubject<Int>().toCombine(); subject.send(completion: .finished)  // onCompleted()
/// ```
public final class RxSubjectAdapter<Output>: CombineKit.Subject, @unchecked Sendable {
    public typealias Failure = Swift.Error

    private let observer: AnyObserver<Output>
    private let source: Observable<Output>

    init(observer: AnyObserver<Output>, source: Observable<Output>) {
        self.observer = observer
        self.source = source
    }

    /// Sends `onNext(value)` to the RxKit subject.
    public func send(_ value: Output) { observer.onNext(value) }

    /// Completes (`onCompleted`) or fails (`onError`) the RxKit subject.
    public func send(completion: Subscribers.Completion<Swift.Error>) {
        switch completion {
        case .finished: observer.onCompleted()
        case .failure(let error): observer.onError(error)
        }
    }

    /// Requests unlimited values from an upstream that feeds this subject.
    public func send(subscription: CombineKit.Subscription) { subscription.request(.unlimited) }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Swift.Error {
        source.asPublisher().subscribe(subscriber)
    }
}

extension PublishSubject {
    /// This subject as a CombineKit subject with `Error` failure.
    ///
    /// ```swift
    /// events.toCombine().sink(receiveCompletion: finish, receiveValue: handle)
    /// ```
    public func toCombine() -> RxSubjectAdapter<Element> {
        RxSubjectAdapter(observer: asObserver().asObserver(), source: asObservable())
    }
}

extension BehaviorSubject {
    /// This subject as a CombineKit subject with `Error` failure (new subscribers get the current value).
    ///
    /// ```swift
    /// state.toCombine().send(.loading)   // state: BehaviorSubject<State>
    /// ```
    public func toCombine() -> RxSubjectAdapter<Element> {
        RxSubjectAdapter(observer: asObserver().asObserver(), source: asObservable())
    }
}

extension ReplaySubject {
    /// This subject as a CombineKit subject with `Error` failure (new subscribers get the replay buffer).
    ///
    /// ```swift
    /// history.toCombine().subscribe(historySubscriber)
    /// ```
    public func toCombine() -> RxSubjectAdapter<Element> {
        RxSubjectAdapter(observer: asObserver().asObserver(), source: asObservable())
    }
}

// MARK: - CombineKit subjects as RxKit observers

extension CombineKit.Subject where Failure == Swift.Error {
    /// This subject as an RxKit observer: `onNext` sends, `onCompleted` finishes, `onError` fails.
    ///
    /// ```swift
    /// rxService.load().subscribe(resultsSubject.asAnyObserver())
    /// ```
    public func asAnyObserver() -> AnyObserver<Output> {
        AnyObserver { [self] event in
            switch event {
            case .next(let value): send(value)
            case .error(let error): send(completion: .failure(error))
            case .completed: send(completion: .finished)
            }
        }
    }
}

extension CombineKit.Subject where Failure == Never {
    /// This subject as an RxKit observer. It cannot fail: an Rx error is reported to
    /// `Hooks.defaultErrorHandler` as a `BindingError` (never a crash) and the subject is left open.
    ///
    /// ```swift
    /// taps.subscribe(tapSubject.asAnyObserver())   // tapSubject: PassthroughSubject<Void, Never>
    /// ```
    public func asAnyObserver() -> AnyObserver<Output> {
        AnyObserver { [self] event in
            switch event {
            case .next(let value): send(value)
            case .error(let error): Hooks.reportUnhandled(BindingError(target: "a CombineKit subject that cannot fail", underlying: error))
            case .completed: send(completion: .finished)
            }
        }
    }
}

extension CombineKit.Subject {
    /// This subject as an RxKit observer, typing Rx errors with `mapError`.
    ///
    /// ```swift
    /// observable.subscribe(uiSubject.asAnyObserver { _ in UIError.failed })
    /// ```
    public func asAnyObserver(mapError: @escaping (Swift.Error) -> Failure) -> AnyObserver<Output> {
        AnyObserver { [self] event in
            switch event {
            case .next(let value): send(value)
            case .error(let error): send(completion: .failure(mapError(error)))
            case .completed: send(completion: .finished)
            }
        }
    }
}

extension ObservableType {
    /// Binds this sequence into a CombineKit subject with `Error` failure (events forwarded as they are).
    ///
    /// ```swift
    /// rxSearch.results().bind(to: resultsSubject).disposed(by: disposeBag)
    /// ```
    public func bind<S: CombineKit.Subject>(to subject: S) -> Disposable where S.Output == Element, S.Failure == Swift.Error {
        subscribe(subject.asAnyObserver())
    }

    /// Binds this sequence into a CombineKit subject that cannot fail; an error is reported to
    /// `Hooks.defaultErrorHandler`, never a crash.
    ///
    /// ```swift
    /// tapRelay.asObservable().bind(to: tapsSubject).disposed(by: disposeBag)
    /// ```
    public func bind<S: CombineKit.Subject>(to subject: S) -> Disposable where S.Output == Element, S.Failure == Never {
        subscribe(subject.asAnyObserver())
    }
}
