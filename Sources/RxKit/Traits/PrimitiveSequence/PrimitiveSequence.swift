/// A thin wrapper over an `Observable` that guarantees a shape (one element, at most one, none).
/// `Single`, `Maybe` and `Completable` are `PrimitiveSequence`s. Same as RxSwift's `PrimitiveSequence`.
public struct PrimitiveSequence<Trait, Element> {
    let source: Observable<Element>

    init(raw: Observable<Element>) {
        self.source = raw
    }
}

extension PrimitiveSequence: @unchecked Sendable {}

/// Something that is, or wraps, a `PrimitiveSequence`. Same as RxSwift's `PrimitiveSequenceType`.
public protocol PrimitiveSequenceType {
    /// The trait (`SingleTrait`, `MaybeTrait`, `CompletableTrait`).
    associatedtype Trait
    /// The element type.
    associatedtype Element
    /// The sequence itself.
    var primitiveSequence: PrimitiveSequence<Trait, Element> { get }
}

extension PrimitiveSequence: PrimitiveSequenceType {
    public var primitiveSequence: PrimitiveSequence<Trait, Element> { self }
}

extension PrimitiveSequence: ObservableConvertibleType {
    /// The sequence as a plain `Observable`.
    public func asObservable() -> Observable<Element> { source }
}

extension PrimitiveSequence {
    /// A sequence created anew, by `observableFactory`, for each subscriber.
    public static func deferred(_ observableFactory: @escaping () throws -> PrimitiveSequence<Trait, Element>) -> PrimitiveSequence<Trait, Element> {
        PrimitiveSequence(raw: Observable.create { observer in
            do {
                return try observableFactory().asObservable().subscribe(observer)
            } catch {
                observer.on(.error(error))
                return Disposables.create()
            }
        })
    }
}

/// Checks the shape of the events a trait's source sends and turns a mismatch into RxKit's errors.
/// Used by `asSingle()` and `asMaybe()`.
final class TraitShapeProducer<Element>: Producer<Element>, @unchecked Sendable {
    enum Shape {
        /// Exactly one element: `noElements` / `moreThanOneElement` otherwise.
        case exactlyOne
        /// Zero or one element: `moreThanOneElement` otherwise.
        case atMostOne
    }

    private let source: Observable<Element>
    private let shape: Shape

    init(source: Observable<Element>, shape: Shape) {
        self.source = source
        self.shape = shape
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Element {
        let sink = TraitShapeSink(shape: shape, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink, subscription)
    }
}

final class TraitShapeSink<Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable {
    typealias Element = Observer.Element
    private let shape: TraitShapeProducer<Element>.Shape
    /// Touched only from `on` (serial), by plain reads and writes: run-time exclusivity checks off.
    @exclusivity(unchecked) private var element: Element?

    init(shape: TraitShapeProducer<Element>.Shape, observer: Observer, cancel: SinkLink?) {
        self.shape = shape
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        switch event {
        case .next(let value):
            if element != nil {
                forwardTerminal(.error(RxError.moreThanOneElement))
                return
            }
            element = value
        case .error(let error):
            forwardError(error)
        case .completed:
            if let element {
                forwardOn(.next(element))
                forwardCompleted()
            } else if case .exactlyOne = shape {
                forwardTerminal(.error(RxError.noElements))
            } else {
                forwardCompleted()
            }
        }
    }
}
