/// One raw event a stream delivered, and when: a value, a failure or a completion, stamped with the
/// virtual time (ms since the session started) it arrived at.
///
/// Rx errors are untyped and Combine failures typed, so a failure is kept as the error's description:
/// recordings of the same output in different styles compare with `==`.
public struct RecordedEvent<Value>: CustomStringConvertible {
    /// What arrived.
    public enum Kind {
        /// A value (Rx `next`, Combine `receive(_:)`).
        case value(Value)
        /// A failure (Rx `error`, Combine `.failure`), as `String(describing: error)`.
        case failure(String)
        /// Normal completion (Rx `completed`, Combine `.finished`).
        case finished
    }

    /// Virtual milliseconds since the session started.
    public let time: Int
    /// What arrived.
    public let kind: Kind

    /// An event of `kind` at `time` ms.
    public init(time: Int, kind: Kind) {
        self.time = time
        self.kind = kind
    }

    /// A value at `time` ms.
    public static func value(_ time: Int, _ value: Value) -> RecordedEvent { RecordedEvent(time: time, kind: .value(value)) }
    /// A failure at `time` ms, named as the error describes itself.
    public static func failure(_ time: Int, _ error: String) -> RecordedEvent { RecordedEvent(time: time, kind: .failure(error)) }
    /// A completion at `time` ms.
    public static func finished(_ time: Int) -> RecordedEvent { RecordedEvent(time: time, kind: .finished) }

    /// The value, if this is a value event.
    public var value: Value? {
        if case .value(let value) = kind { return value }
        return nil
    }

    /// The event without its time: `"value([\"EUR 0.94\"])"`, `"failure(timeout)"`, `"finished"`.
    public var text: String {
        switch kind {
        case .value(let value): return "value(\(String(reflecting: value)))"
        case .failure(let error): return "failure(\(error))"
        case .finished: return "finished"
        }
    }

    /// `"t=300ms  value([\"EUR 0.94\"])"`.
    public var description: String { "t=\(time)ms  \(text)" }
}

extension RecordedEvent.Kind: Equatable where Value: Equatable {}
extension RecordedEvent: Equatable where Value: Equatable {}
extension RecordedEvent.Kind: Sendable where Value: Sendable {}
extension RecordedEvent: Sendable where Value: Sendable {}
