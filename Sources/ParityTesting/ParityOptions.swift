import CombineKit

/// When the harness builds, subscribes and disposes the pipeline, and how much the CombineKit
/// subscriber demands. The defaults are RxTest's: build at 100, subscribe at 200, dispose at 1000.
public struct ParityOptions {
    /// When the pipeline closures run (virtual ticks). Hot input events before `subscribedAt` are
    /// missed by the pipeline unless the pipeline itself subscribes earlier (a subject, `share`, …).
    public var createdAt: Int
    /// When the recording subscriber subscribes to the pipeline's output.
    public var subscribedAt: Int
    /// When the subscription is disposed (Rx) / cancelled (Combine).
    public var disposedAt: Int
    /// The CombineKit subscriber's demand. RxKit has no demand, so this only changes the Combine run.
    public var combineDemand: ParityDemand

    /// Options; every parameter has RxTest's default.
    public init(createdAt: Int = 100, subscribedAt: Int = 200, disposedAt: Int = 1000, combineDemand: ParityDemand = .unlimited) {
        precondition(createdAt <= subscribedAt && subscribedAt <= disposedAt,
                     "ParityOptions: expected createdAt <= subscribedAt <= disposedAt, got \(createdAt), \(subscribedAt), \(disposedAt)")
        self.createdAt = createdAt
        self.subscribedAt = subscribedAt
        self.disposedAt = disposedAt
        self.combineDemand = combineDemand
    }
}

/// The demand plan of the CombineKit recording subscriber.
public struct ParityDemand: CustomStringConvertible {
    /// Requested when the subscription arrives (`.none` requests nothing).
    public var initial: Subscribers.Demand
    /// Returned from each `receive(_:)`.
    public var perValue: Subscribers.Demand
    /// Further requests at virtual times (ticks), each positive.
    public var requests: [(time: Int, demand: Subscribers.Demand)]

    /// A demand plan.
    public init(initial: Subscribers.Demand, perValue: Subscribers.Demand = .none, requests: [(time: Int, demand: Subscribers.Demand)] = []) {
        self.initial = initial
        self.perValue = perValue
        self.requests = requests
    }

    /// `.unlimited` up front: the subscriber takes everything, as an Rx observer does.
    public static var unlimited: ParityDemand { ParityDemand(initial: .unlimited) }

    /// `initial` up front, then each of `requests` at its time.
    public static func max(_ initial: Int, requests: [(time: Int, demand: Int)] = []) -> ParityDemand {
        ParityDemand(initial: .max(initial), requests: requests.map { ($0.time, .max($0.demand)) })
    }

    public var description: String {
        if initial == .unlimited && requests.isEmpty { return "unlimited" }
        let later = requests.map { "\($0.demand)@\($0.time)" }.joined(separator: ", ")
        return "initial \(initial), per value \(perValue)" + (later.isEmpty ? "" : ", then \(later)")
    }
}
