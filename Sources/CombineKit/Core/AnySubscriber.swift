/// A type-erasing subscriber.
public struct AnySubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible, CustomReflectable, CustomPlaygroundDisplayConvertible {
    @usableFromInline internal let box: AnySubscriberBoxBase<Input, Failure>
    public let combineIdentifier: CombineIdentifier

    /// Creates a type-erasing subscriber to wrap an existing subscriber.
    public init<S: Subscriber>(_ s: S) where S.Input == Input, S.Failure == Failure {
        // A type comparison rather than `as?`: the dynamic cast of a generic value costs over a thousand
        // instructions per call, the comparison one metadata look-up.
        if S.self == AnySubscriber<Input, Failure>.self {
            self = unsafeBitCast(s, to: AnySubscriber<Input, Failure>.self)
        } else {
            box = AnySubscriberBox(s)
            combineIdentifier = s.combineIdentifier
        }
    }

    /// Wraps `s` in a new box, without first checking whether it is an `AnySubscriber` already: in
    /// unspecialised generic code that check is a runtime metadata look-up. For package code whose
    /// subscriber is, or is almost never, an `AnySubscriber` (one would only be wrapped twice). Inlinable: in
    /// the caller's specialised code the box's metadata comes from the caller's cache, not a run-time look-up.
    @inlinable
    package init<S: Subscriber>(boxing s: S) where S.Input == Input, S.Failure == Failure {
        box = AnySubscriberBox(s)
        combineIdentifier = s.combineIdentifier
    }

    /// Creates a type-erasing subscriber that forwards to a subject.
    public init<S: Subject>(_ s: S) where S.Output == Input, S.Failure == Failure {
        self.init(SubjectSubscriber(s))
    }

    /// Creates a type-erasing subscriber that executes the provided closures.
    public init(receiveSubscription: ((Subscription) -> Void)? = nil,
                receiveValue: ((Input) -> Subscribers.Demand)? = nil,
                receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil) {
        box = ClosureSubscriberBox(receiveSubscription: receiveSubscription,
                                   receiveValue: receiveValue,
                                   receiveCompletion: receiveCompletion)
        combineIdentifier = CombineIdentifier()
    }

    public func receive(subscription: Subscription) { box.receive(subscription: subscription) }
    public func receive(_ value: Input) -> Subscribers.Demand { box.receive(value) }
    public func receive(completion: Subscribers.Completion<Failure>) { box.receive(completion: completion) }

    public var description: String { box.description }
    public var customMirror: Mirror { box.customMirror }
    public var playgroundDescription: Any { description }
}

@usableFromInline
internal class AnySubscriberBoxBase<Input, Failure: Error>: CustomStringConvertible, CustomReflectable {
    @usableFromInline init() {}
    func receive(subscription: Subscription) { fatalError("abstract") }
    func receive(_ value: Input) -> Subscribers.Demand { fatalError("abstract") }
    func receive(completion: Subscribers.Completion<Failure>) { fatalError("abstract") }
    @usableFromInline var description: String { "Anonymous AnySubscriber" }
    @usableFromInline var customMirror: Mirror { Mirror(self, children: [:]) }
}

@usableFromInline
internal final class AnySubscriberBox<Base: Subscriber>: AnySubscriberBoxBase<Base.Input, Base.Failure> {
    typealias Input = Base.Input
    typealias Failure = Base.Failure
    let base: Base
    @usableFromInline init(_ base: Base) { self.base = base }
    override func receive(subscription: Subscription) { base.receive(subscription: subscription) }
    override func receive(_ value: Input) -> Subscribers.Demand { base.receive(value) }
    override func receive(completion: Subscribers.Completion<Failure>) { base.receive(completion: completion) }
    override var description: String { String(describing: base) }
    override var customMirror: Mirror { Mirror(reflecting: base) }
}

internal final class ClosureSubscriberBox<Input, Failure: Error>: AnySubscriberBoxBase<Input, Failure> {
    let receiveSubscriptionClosure: ((Subscription) -> Void)?
    let receiveValueClosure: ((Input) -> Subscribers.Demand)?
    let receiveCompletionClosure: ((Subscribers.Completion<Failure>) -> Void)?

    init(receiveSubscription: ((Subscription) -> Void)?,
         receiveValue: ((Input) -> Subscribers.Demand)?,
         receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?) {
        receiveSubscriptionClosure = receiveSubscription
        receiveValueClosure = receiveValue
        receiveCompletionClosure = receiveCompletion
    }

    override func receive(subscription: Subscription) { receiveSubscriptionClosure?(subscription) }
    override func receive(_ value: Input) -> Subscribers.Demand { receiveValueClosure?(value) ?? .none }
    override func receive(completion: Subscribers.Completion<Failure>) { receiveCompletionClosure?(completion) }
}
