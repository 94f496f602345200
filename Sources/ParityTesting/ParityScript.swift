/// The error a parity script sends. Rx errors are untyped and CombineKit failures are typed, so the
/// script uses one small named error that both sides can carry and the timelines compare by name.
///
/// `ParityError("boom")` or the literal `"boom"` where a `ParityError` is expected.
public struct ParityError: Error, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The name shown in timelines; two parity errors are equal when their names are.
    public let name: String

    /// An error named `name`.
    public init(_ name: String) { self.name = name }

    /// An error named by a string literal.
    public init(stringLiteral value: String) { self.name = value }

    public var description: String { name }
}

/// One step of an input script: a value, a completion or a failure at a virtual time (in ticks).
public struct ParityScriptEvent<Value> {
    /// What happens at `time`.
    public enum Kind {
        /// The input emits `value`.
        case value(Value)
        /// The input completes (Rx `completed`, Combine `.finished`).
        case finished
        /// The input fails (Rx `error`, Combine `.failure`).
        case failure(ParityError)
    }

    /// The virtual time in ticks (absolute for a hot input, relative to the subscription for a cold one).
    public let time: Int
    /// What happens.
    public let kind: Kind

    /// A step at `time`.
    public init(time: Int, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    /// A value at `time`.
    public static func value(_ time: Int, _ value: Value) -> ParityScriptEvent { ParityScriptEvent(time: time, kind: .value(value)) }
    /// A completion at `time`.
    public static func finished(_ time: Int) -> ParityScriptEvent { ParityScriptEvent(time: time, kind: .finished) }
    /// A failure at `time` (named `"error"` unless given).
    public static func failure(_ time: Int, _ error: ParityError = "error") -> ParityScriptEvent { ParityScriptEvent(time: time, kind: .failure(error)) }
}

extension ParityScriptEvent.Kind: Sendable where Value: Sendable {}
extension ParityScriptEvent: Sendable where Value: Sendable {}

/// A timed script for one input, written once and played to both frameworks.
///
/// A **hot** input plays at absolute times to whoever is subscribed then (RxKitTest's
/// `createHotObservable`, CombineKitTest's `TestPublisher.hot`); a **cold** input plays for each
/// subscription with times relative to it (`createColdObservable`, `TestPublisher.cold`).
///
/// ```swift
/// let script = ParityScript<Int>.hot("plain values", .value(210, 1), .value(220, 2), .finished(300))
/// ```
public struct ParityScript<Value> {
    /// Whether the script plays once at absolute times (hot) or per subscription (cold).
    public enum Temperature: Sendable, Equatable {
        /// Absolute times, shared by every subscriber; events before a subscription are missed.
        case hot
        /// Times relative to each subscription; every subscriber gets the whole script.
        case cold
    }

    /// A short name shown in failure messages ("plain values", "error at 230" …).
    public var name: String
    /// Hot or cold.
    public var temperature: Temperature
    /// The steps, in time order.
    public var events: [ParityScriptEvent<Value>]

    /// A script.
    public init(_ name: String, _ temperature: Temperature, _ events: [ParityScriptEvent<Value>]) {
        self.name = name
        self.temperature = temperature
        self.events = events
    }

    /// A hot script (absolute times).
    public static func hot(_ name: String, _ events: ParityScriptEvent<Value>...) -> ParityScript { ParityScript(name, .hot, events) }
    /// A cold script (times relative to each subscription).
    public static func cold(_ name: String, _ events: ParityScriptEvent<Value>...) -> ParityScript { ParityScript(name, .cold, events) }
}

extension ParityScript: Sendable where Value: Sendable {}
