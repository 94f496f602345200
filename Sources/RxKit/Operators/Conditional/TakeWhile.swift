/// Whether `take(until:behavior:)` / `take(while:behavior:)` also emit the element that ends them.
/// Same as RxSwift's `TakeBehavior`.
public enum TakeBehavior: Sendable {
    /// Also emit the element at which the condition flips.
    case inclusive
    /// Stop before the element at which the condition flips.
    case exclusive
}

extension ObservableType {
    /// Emits elements until `predicate` returns `true`, then completes (emitting that last element too
    /// if `behavior` is `.inclusive`). An error thrown by `predicate` ends the sequence with that error.
    /// Same as RxSwift's `take(until:behavior:)`.
    public func take(until predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive) -> Observable<Element> {
        TakeUntilPredicateProducer(source: asObservable(), stopWhenPredicateIs: true, predicate: predicate, behavior: behavior)
    }

    /// Emits elements while `predicate` returns `true`, then completes (emitting the first failing
    /// element too if `behavior` is `.inclusive`). An error thrown by `predicate` ends the sequence with
    /// that error. Same as RxSwift's `take(while:behavior:)`.
    public func take(while predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior = .exclusive) -> Observable<Element> {
        TakeUntilPredicateProducer(source: asObservable(), stopWhenPredicateIs: false, predicate: predicate, behavior: behavior)
    }

    /// Same as `take(until:behavior:)`. Deprecated in RxSwift 6, as here.
    @available(*, deprecated, renamed: "take(until:behavior:)")
    public func takeUntil(_ behavior: TakeBehavior, predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        take(until: predicate, behavior: behavior)
    }

    /// Same as `take(while:)`. Deprecated in RxSwift 6, as here.
    @available(*, deprecated, renamed: "take(while:)")
    public func takeWhile(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        take(while: predicate)
    }
}

/// Serves both `take(until:)` (stops when the predicate is `true`) and `take(while:)` (stops when it
/// is `false`), without wrapping the user's predicate in another closure.
final class TakeUntilPredicateProducer<Element>: Producer<Element>, @unchecked Sendable {
    private let source: Observable<Element>
    fileprivate let stopWhenPredicateIs: Bool
    fileprivate let predicate: (Element) throws -> Bool
    fileprivate let behavior: TakeBehavior

    init(source: Observable<Element>, stopWhenPredicateIs: Bool, predicate: @escaping (Element) throws -> Bool, behavior: TakeBehavior) {
        self.source = source
        self.stopWhenPredicateIs = stopWhenPredicateIs
        self.predicate = predicate
        self.behavior = behavior
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = TakeUntilPredicateSink(parent: self, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink, subscription)
    }
}

/// Takes elements through the element lane (no `Event` per element; see ARCHITECTURE.md).
final class TakeUntilPredicateSink<Observer: ObserverType>: ElementSink<Observer.Element, Observer>, @unchecked Sendable {
    private let parent: TakeUntilPredicateProducer<Element>

    init(parent: TakeUntilPredicateProducer<Element>, observer: Observer, cancel: SinkLink?) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    override func onNextElement(_ element: Element) {
        let stop: Bool
        do {
            stop = try parent.predicate(element) == parent.stopWhenPredicateIs
        } catch {
            forwardError(error)
            return
        }
        if !stop {
            forwardNext(element)
            return
        }
        if parent.behavior == .inclusive {
            forwardNext(element)
        }
        forwardCompleted()
    }
}
