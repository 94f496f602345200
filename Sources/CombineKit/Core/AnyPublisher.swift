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
            // The closure is made here, in the caller's code: specialised for `P` where the caller's types
            // are concrete, so a `sink` on the erased publisher subscribes through specialised code
            // (see `PublisherBoxBase.subscribeSink(_:)`).
            box = PublisherBox(publisher) { $0.subscribe($1) }
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

    /// Subscribes a `sink`, the common subscriber of an erased chain, through the closure the box was made
    /// with. Where the erased chain was built with concrete types (the usual case: an app erases a chain it
    /// wrote out), that closure is specialised code, and so is the whole subscription it makes through the
    /// operators' inlinable `receive(subscriber:)`: the metadata and conformances of every inner object
    /// come from the caller's caches instead of a runtime look-up each (a hash-table probe of several
    /// hundred instructions) per subscription.
    @usableFromInline func subscribeSink(_ sink: Subscribers.Sink<Output, Failure>) {
        fatalError("abstract")
    }
}

@usableFromInline
internal final class PublisherBox<Base: Publisher>: PublisherBoxBase<Base.Output, Base.Failure> {
    let base: Base
    /// Made by `AnyPublisher.init` in the caller's code (see `PublisherBoxBase.subscribeSink(_:)`).
    let sinkSubscriber: (Base, Subscribers.Sink<Base.Output, Base.Failure>) -> Void

    @usableFromInline init(_ base: Base, sinkSubscriber: @escaping (Base, Subscribers.Sink<Base.Output, Base.Failure>) -> Void) {
        self.base = base
        self.sinkSubscriber = sinkSubscriber
    }

    @usableFromInline override func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        base.receive(subscriber: subscriber)
    }

    @usableFromInline override func subscribeSink(_ sink: Subscribers.Sink<Output, Failure>) {
        sinkSubscriber(base, sink)
    }
}
