/// A publisher that performs type erasure by wrapping another publisher.
public struct AnyPublisher<Output, Failure: Error>: Publisher, CustomStringConvertible, CustomPlaygroundDisplayConvertible {
    private let box: PublisherBoxBase<Output, Failure>

    /// Creates a type-erasing publisher to wrap the provided publisher.
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
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
        AnyPublisher(self)
    }
}

extension AnyPublisher {
    /// Returns itself: erasing an already erased publisher adds nothing.
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { self }
}

internal class PublisherBoxBase<Output, Failure: Error>: Publisher {
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        fatalError("abstract")
    }
}

internal final class PublisherBox<Base: Publisher>: PublisherBoxBase<Base.Output, Base.Failure> {
    let base: Base
    init(_ base: Base) { self.base = base }
    override func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        base.receive(subscriber: subscriber)
    }
}
