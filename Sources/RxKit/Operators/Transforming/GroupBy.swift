/// The elements of a source that share one key, as sent by `groupBy`. Same as RxSwift's
/// `GroupedObservable`.
public struct GroupedObservable<Key, Element>: ObservableType {
    /// The key shared by every element of this group.
    public let key: Key

    private let source: Observable<Element>

    /// A group with `key` whose elements come from `source`.
    public init(key: Key, source: Observable<Element>) {
        self.key = key
        self.source = source
    }

    /// Subscribes `observer` to the group's elements.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        source.subscribe(observer)
    }

    /// The group's elements as a plain `Observable`.
    public func asObservable() -> Observable<Element> {
        source
    }
}

extension GroupedObservable: Sendable where Key: Sendable {}

extension ObservableType {
    /// Splits the elements by the key `keySelector` gives them: the first element with a new key sends
    /// a new `GroupedObservable` for that key, and every element goes to its key's group. The
    /// source's error or completion goes to every group and then downstream; an error thrown by
    /// `keySelector` fails them all. Same as RxSwift's `groupBy(keySelector:)`.
    ///
    /// Groups are hot (subscribe when you receive them). As in RxSwift, a subscribed group keeps the
    /// source subscription alive after the outer subscription is disposed.
    public func groupBy<Key: Hashable>(keySelector: @escaping (Element) throws -> Key) -> Observable<GroupedObservable<Key, Element>> {
        GroupByProducer(source: asObservable(), keySelector: keySelector)
    }
}

final class GroupByProducer<Key: Hashable, Element>: Producer<GroupedObservable<Key, Element>>, @unchecked Sendable {
    private let source: Observable<Element>
    private let keySelector: (Element) throws -> Key

    init(source: Observable<Element>, keySelector: @escaping (Element) throws -> Key) {
        self.source = source
        self.keySelector = keySelector
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == GroupedObservable<Key, Element> {
        let sink = GroupBySink(keySelector: keySelector, observer: observer, cancel: cancel)
        let subscription = sink.run(source: source)
        return (sink, subscription)
    }
}

/// Only the source calls `on` (serially), so the group table needs no lock.
final class GroupBySink<Key: Hashable, Element, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable
    where Observer.Element == GroupedObservable<Key, Element> {
    private let keySelector: (Element) throws -> Key
    private let sourceSubscription = SingleAssignmentDisposable()
    /// Disposes the source once the outer subscription and every group subscription are gone.
    private let refCount: RefCountDisposable
    private var groups: [Key: PublishSubject<Element>] = [:]

    init(keySelector: @escaping (Element) throws -> Key, observer: Observer, cancel: SinkLink?) {
        self.keySelector = keySelector
        self.refCount = RefCountDisposable(disposable: sourceSubscription)
        super.init(observer: observer, cancel: cancel)
    }

    func run(source: Observable<Element>) -> Disposable {
        sourceSubscription.setDisposable(source.subscribe(self))
        return refCount
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            let key: Key
            do {
                key = try keySelector(element)
            } catch {
                finish(groupEvent: .error(error), outerEvent: .error(error))
                return
            }
            if let group = groups[key] {
                group.on(.next(element))
            } else {
                let group = PublishSubject<Element>()
                groups[key] = group
                forwardOn(.next(GroupedObservable(key: key, source: GroupByGroupObservable(subject: group, refCount: refCount))))
                group.on(.next(element))
            }
        case .error(let error):
            finish(groupEvent: .error(error), outerEvent: .error(error))
        case .completed:
            finish(groupEvent: .completed, outerEvent: .completed)
        }
    }

    private func finish(groupEvent: Event<Element>, outerEvent: Event<Observer.Element>) {
        let finished = groups.values
        groups = [:]
        for group in finished { group.on(groupEvent) }
        forwardOn(outerEvent)
        sourceSubscription.dispose()  // at once, even while groups are still subscribed
        dispose()
    }
}

/// One group: subscribing to it subscribes to its subject and keeps the source alive until the
/// group terminates or the subscription is disposed (RxSwift's `AddRef`).
final class GroupByGroupObservable<Element>: Producer<Element>, @unchecked Sendable {
    private let subject: PublishSubject<Element>
    private let refCount: RefCountDisposable

    init(subject: PublishSubject<Element>, refCount: RefCountDisposable) {
        self.subject = subject
        self.refCount = refCount
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let retained = refCount.retain()
        let sink = GroupByGroupObservableSink(observer: observer, cancel: cancel)
        return (sink, Disposables.create(subject.subscribe(sink), retained))
    }
}

final class GroupByGroupObservableSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    func on(_ event: Event<Observer.Element>) {
        switch event {
        case .next:
            forwardOn(event)
        case .error, .completed:
            forwardTerminal(event)
        }
    }
}
