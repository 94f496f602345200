/// A publisher that publishes changes from observable objects.
public final class ObservableObjectPublisher: Publisher, @unchecked Sendable {
    public typealias Output = Void
    public typealias Failure = Never

    private let subject = PassthroughSubject<Void, Never>(conduitName: .observableObjectPublisher)

    /// Creates an observable object publisher.
    public init() {}

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Void, S.Failure == Never {
        subject.subscribe(subscriber)
    }

    /// Sends the changed value to the downstream subscriber.
    public func send() {
        subject.send()
    }
}
