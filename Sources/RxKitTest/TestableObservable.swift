import RxKit

/// A scripted observable that records its subscriptions. Same as RxTest's `TestableObservable`.
public class TestableObservable<Element>: ObservableType, @unchecked Sendable {
    /// The scheduler it runs on.
    public let testScheduler: TestScheduler
    /// The scripted events.
    public let recordedEvents: [Recorded<Event<Element>>]
    /// Every subscription so far, with the times it started and ended.
    public internal(set) var subscriptions: [Subscription] = []

    init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        self.testScheduler = testScheduler
        self.recordedEvents = recordedEvents
    }

    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        preconditionFailure("TestableObservable is abstract: create one with TestScheduler.createHotObservable or createColdObservable.")
    }

    /// Marks subscription `index` as ended now (once).
    final func endSubscription(_ index: Int) {
        if subscriptions[index].unsubscribe == Int.max {
            subscriptions[index] = Subscription(subscriptions[index].subscribe, testScheduler.clock)
        }
    }
}

/// Sends its events at their absolute times to whoever is subscribed then.
final class HotObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
    private var observers: [(key: Int, observer: AnyObserver<Element>)] = []
    private var nextKey = 0

    override init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        super.init(testScheduler: testScheduler, recordedEvents: recordedEvents)
        for recorded in recordedEvents {
            testScheduler.scheduleAt(recorded.time) { [weak self] in
                guard let self else { return }
                for entry in self.observers { entry.observer.on(recorded.value) }
            }
        }
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        nextKey += 1
        let key = nextKey
        observers.append((key, AnyObserver(observer)))
        subscriptions.append(Subscription(testScheduler.clock))
        let index = subscriptions.count - 1
        return Disposables.create { [weak self] in
            guard let self else { return }
            self.observers.removeAll { $0.key == key }
            self.endSubscription(index)
        }
    }
}

/// Replays its events to each subscriber, at times relative to the subscription.
final class ColdObservable<Element>: TestableObservable<Element>, @unchecked Sendable {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        subscriptions.append(Subscription(testScheduler.clock))
        let index = subscriptions.count - 1
        let scheduled = CompositeDisposable()
        for recorded in recordedEvents {
            let disposable = testScheduler.scheduleRelativeVirtual((), dueTime: recorded.time) { _ in
                observer.on(recorded.value)
                return Disposables.create()
            }
            _ = scheduled.insert(disposable)
        }
        return Disposables.create { [weak self] in
            scheduled.dispose()
            self?.endSubscription(index)
        }
    }
}
