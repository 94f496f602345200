import CombineKit

/// A subscriber that is a struct, `Padding` larger than its references: for checking that a publisher's
/// subscription stores value subscribers of any size correctly (CombineKit's subjects and the bridge keep
/// a subscriber of at most four words inside the subscription, a larger one in a heap block of its own).
/// It requests `demand` on subscription (nothing if `.none`) and records into `log`.
public struct ValueTypeSubscriber<Input, Failure: Error, Padding>: Subscriber {
    public let combineIdentifier = CombineIdentifier()
    public let log: ValueSubscriberLog<Input, Failure>
    public let padding: Padding
    public let demand: Subscribers.Demand

    public init(log: ValueSubscriberLog<Input, Failure>, padding: Padding, demand: Subscribers.Demand) {
        self.log = log
        self.padding = padding
        self.demand = demand
    }

    public func receive(subscription: Subscription) {
        log.subscription = subscription
        if demand > .none { subscription.request(demand) }
    }

    public func receive(_ input: Input) -> Subscribers.Demand {
        log.values.append(input)
        return .none
    }

    public func receive(completion: Subscribers.Completion<Failure>) {
        log.completions.append(completion)
    }
}

/// The small kind: no padding (at most four words).
public typealias SmallValueTypeSubscriber<Input, Failure: Error> = ValueTypeSubscriber<Input, Failure, Void>
/// The large kind: four words of padding (more than four words in all).
public typealias LargeValueTypeSubscriber<Input, Failure: Error> = ValueTypeSubscriber<Input, Failure, (Int, Int, Int, Int)>

extension Publisher {
    /// Subscribes a `ValueTypeSubscriber` recording into `log`: the small kind, or the large one if `large`.
    public func subscribeValueTypeSubscriber(large: Bool, demand: Subscribers.Demand, log: ValueSubscriberLog<Output, Failure>) {
        if large {
            subscribe(LargeValueTypeSubscriber(log: log, padding: (0, 0, 0, 0), demand: demand))
        } else {
            subscribe(SmallValueTypeSubscriber(log: log, padding: (), demand: demand))
        }
    }
}
