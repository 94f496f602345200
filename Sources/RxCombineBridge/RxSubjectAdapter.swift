import CombineKit
import RxKit

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
