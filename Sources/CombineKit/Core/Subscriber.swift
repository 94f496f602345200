/// A protocol that declares a type that can receive input from a publisher.
public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    /// The kind of values this subscriber receives.
    associatedtype Input
    /// The kind of errors this subscriber might receive.
    associatedtype Failure: Error

    /// Tells the subscriber that it has successfully subscribed to the publisher and may request items.
    func receive(subscription: Subscription)

    /// Tells the subscriber that the publisher has produced an element; returns additional demand.
    func receive(_ input: Input) -> Subscribers.Demand

    /// Tells the subscriber that the publisher has completed publishing, either normally or with an error.
    func receive(completion: Subscribers.Completion<Failure>)

    /// For RxCombineBridge: a function a subject's subscription may call in place of `receive(_:)` (see
    /// `_SubscriberValueLane`). Not part of Combine's API: the default, `nil`, is the only right answer for
    /// any other subscriber.
    var _valueLane: _SubscriberValueLane<Input>? { get }
}

extension Subscriber where Input == Void {
    /// Tells the subscriber that a publisher of void elements is ready to receive further requests.
    public func receive() -> Subscribers.Demand {
        receive(())
    }
}
