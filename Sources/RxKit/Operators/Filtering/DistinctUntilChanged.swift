extension ObservableType where Element: Equatable {
    /// Drops an element equal (`==`) to the last element it emitted. Same as RxSwift's
    /// `distinctUntilChanged()`.
    public func distinctUntilChanged() -> Observable<Element> {
        DistinctUntilChangedProducer(source: asObservable(), keySelector: { $0 }, comparer: ==)
    }
}

extension ObservableType {
    /// Drops an element whose key (from `keySelector`) equals the key of the last element it emitted.
    /// Same as RxSwift's `distinctUntilChanged(_:)` with a key selector.
    public func distinctUntilChanged<Key: Equatable>(_ keySelector: @escaping (Element) throws -> Key) -> Observable<Element> {
        DistinctUntilChangedProducer(source: asObservable(), keySelector: keySelector, comparer: ==)
    }

    /// Drops an element that `comparer` says is equal to the last element it emitted. Same as RxSwift's
    /// `distinctUntilChanged(_:)` with a comparer.
    public func distinctUntilChanged(_ comparer: @escaping (Element, Element) throws -> Bool) -> Observable<Element> {
        DistinctUntilChangedProducer(source: asObservable(), keySelector: { $0 }, comparer: comparer)
    }

    /// Drops an element whose key (from `keySelector`) `comparer` says is equal to the key of the last
    /// element it emitted. Same as RxSwift's `distinctUntilChanged(_:comparer:)`.
    public func distinctUntilChanged<K>(_ keySelector: @escaping (Element) throws -> K, comparer: @escaping (K, K) throws -> Bool) -> Observable<Element> {
        DistinctUntilChangedProducer(source: asObservable(), keySelector: keySelector, comparer: comparer)
    }

    /// Drops an element whose value at `keyPath` equals that of the last element it emitted. Same as
    /// RxSwift's `distinctUntilChanged(at:)`.
    public func distinctUntilChanged<Property: Equatable>(at keyPath: KeyPath<Element, Property>) -> Observable<Element> {
        DistinctUntilChangedProducer(source: asObservable(), keySelector: { $0[keyPath: keyPath] }, comparer: ==)
    }
}

/// Compares each element's key with the key of the last *emitted* element (not the last received one),
/// as RxSwift does: the stored key only changes when an element is let through.
final class DistinctUntilChangedProducer<Element, Key>: Producer<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    fileprivate let keySelector: (Element) throws -> Key
    fileprivate let comparer: (Key, Key) throws -> Bool

    init(source: Observable<Element>, keySelector: @escaping (Element) throws -> Key, comparer: @escaping (Key, Key) throws -> Bool) {
        self.source = source
        self.keySelector = keySelector
        self.comparer = comparer
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = DistinctUntilChangedSink(parent: self, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink, subscription)
    }
}

/// Takes elements through the element lane (no `Event` per element; see ARCHITECTURE.md), and keeps the
/// last emitted key in place — a pointer and a flag, not a `Key?`, whose metadata this unspecialised code
/// would look up at run time on every element.
final class DistinctUntilChangedSink<Observer: ObserverType, Key>: ElementSink<Observer.Element, Observer>, @unchecked Sendable {
    private let parent: DistinctUntilChangedProducer<Element, Key>
    /// Touched only by elements, which upstream sends serially, by plain reads and writes (no access spans
    /// a call out), so the run-time exclusivity checks are off. `lastEmittedKey` is initialised while
    /// `hasLastEmittedKey`.
    @exclusivity(unchecked) private var hasLastEmittedKey = false
    private let lastEmittedKey = UnsafeMutablePointer<Key>.allocate(capacity: 1)

    init(parent: DistinctUntilChangedProducer<Element, Key>, observer: Observer, cancel: SinkLink?) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    deinit {
        if hasLastEmittedKey { lastEmittedKey.deinitialize(count: 1) }
        lastEmittedKey.deallocate()
    }

    override func onNextElement(_ element: Element) {
        do {
            let key = try parent.keySelector(element)
            if hasLastEmittedKey {
                if try parent.comparer(lastEmittedKey.pointee, key) { return }
                lastEmittedKey.pointee = key
            } else {
                lastEmittedKey.initialize(to: key)
                hasLastEmittedKey = true
            }
        } catch {
            forwardError(error)
            return
        }
        forwardNext(element)
    }
}
