/// A publisher that performs type erasure by wrapping another publisher.
public struct AnyPublisher<Output, Failure: Error>: Publisher, CustomStringConvertible, CustomPlaygroundDisplayConvertible {
    // Visible to inlinable code: `init` and `eraseToAnyPublisher()` are inlinable, so that the caller
    // builds the box of its (concrete) publisher type with the class metadata cached in its own code
    // instead of a runtime look-up per call, and the `as? AnyPublisher` check folds away.
    @usableFromInline internal let box: PublisherBoxBase<Output, Failure>

    /// Creates a type-erasing publisher to wrap the provided publisher.
    @inlinable
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        if let erased = publisher as? AnyPublisher<Output, Failure> {
            box = erased.box
        } else {
            box = PublisherBox(publisher)
        }
    }

    public var description: String { "AnyPublisher" }
    public var playgroundDescription: Any { description }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        box.receive(subscriber: subscriber)
    }
}

extension Publisher {
    /// Wraps this publisher with a type eraser.
    @inlinable
    public consuming func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
        AnyPublisher(self)
    }
}

extension AnyPublisher {
    /// Returns itself: erasing an already erased publisher adds nothing.
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { self }
}

@usableFromInline
internal class PublisherBoxBase<Output, Failure: Error>: Publisher {
    @usableFromInline init() {}

    @usableFromInline func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        fatalError("abstract")
    }
}

@usableFromInline
internal final class PublisherBox<Base: Publisher>: PublisherBoxBase<Base.Output, Base.Failure> {
    let base: Base
    @usableFromInline init(_ base: Base) { self.base = base }
    @usableFromInline override func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        base.receive(subscriber: subscriber)
    }
}
