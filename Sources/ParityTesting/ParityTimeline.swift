/// One event seen by the subscriber at the end of a pipeline, in framework-neutral form.
public struct ParityRecord<Value: Equatable>: Equatable, CustomStringConvertible {
    /// What arrived.
    public enum Kind: Equatable {
        /// A value (Rx `next`, Combine `receive(_:)`).
        case value(Value)
        /// Normal completion (Rx `completed`, Combine `.finished`).
        case finished
        /// Failure, carried as the error's description (a `ParityError`'s name) so untyped Rx errors and
        /// typed Combine failures compare.
        case failure(String)
    }

    /// The virtual time in ticks.
    public let time: Int
    /// What arrived.
    public let kind: Kind

    /// A record.
    public init(time: Int, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    /// A value at `time`.
    public static func value(_ time: Int, _ value: Value) -> ParityRecord { ParityRecord(time: time, kind: .value(value)) }
    /// A completion at `time`.
    public static func finished(_ time: Int) -> ParityRecord { ParityRecord(time: time, kind: .finished) }
    /// A failure at `time`, named as the error describes itself (`"error"` unless given).
    public static func failure(_ time: Int, _ error: String = "error") -> ParityRecord { ParityRecord(time: time, kind: .failure(error)) }

    public var description: String {
        switch kind {
        case .value(let value): return "\(time) value(\(value))"
        case .finished: return "\(time) finished"
        case .failure(let error): return "\(time) failure(\(error))"
        }
    }
}

extension ParityRecord.Kind: Sendable where Value: Sendable {}
extension ParityRecord: Sendable where Value: Sendable {}

/// What a pipeline did with a script: the events its subscriber saw, and when each input was
/// subscribed. The same type records an RxKit run and a CombineKit run, so the two compare with `==`.
///
/// Array literals build the events: `[.value(210, 2), .finished(300)]`.
public struct ParityTimeline<Value: Equatable>: Equatable, ExpressibleByArrayLiteral, CustomStringConvertible {
    /// The events the final subscriber received, in order.
    public var records: [ParityRecord<Value>]
    /// For each input, in order, the virtual times at which something subscribed to it. `nil` means
    /// "not stated" (in a declared expectation): only the records are checked then.
    public var subscriptions: [[Int]]?

    /// A timeline.
    public init(_ records: [ParityRecord<Value>], subscriptions: [[Int]]? = nil) {
        self.records = records
        self.subscriptions = subscriptions
    }

    public init(arrayLiteral elements: ParityRecord<Value>...) {
        self.init(elements)
    }

    /// The same records with input subscription times stated (for expectations about resubscription).
    public func subscribed(_ subscriptions: [Int]...) -> ParityTimeline {
        ParityTimeline(records, subscriptions: subscriptions)
    }

    /// Whether `observed` fits this timeline read as an expectation: equal records, and equal
    /// subscriptions when this one states them.
    public func matches(_ observed: ParityTimeline) -> Bool {
        records == observed.records && (subscriptions == nil || subscriptions == observed.subscriptions)
    }

    public var description: String {
        let body = records.map(\.description).joined(separator: ", ")
        let subs = subscriptions.map { " subscriptions: \($0)" } ?? ""
        return "[\(body)]\(subs)"
    }
}

extension ParityTimeline: Sendable where Value: Sendable {}
