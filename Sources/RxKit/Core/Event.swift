/// A sequence event: zero or more `next`, then at most one `error` or `completed`.
///
/// Same as RxSwift's `Event`. The grammar `next* (error | completed)?` holds for every observer RxKit calls.
@frozen
public enum Event<Element> {
    /// The next element of the sequence.
    case next(Element)
    /// The sequence failed; nothing follows.
    case error(Swift.Error)
    /// The sequence finished; nothing follows.
    case completed
}

extension Event: Sendable where Element: Sendable {}

extension Event: CustomDebugStringConvertible {
    public var debugDescription: String {
        switch self {
        case .next(let value): return "next(\(value))"
        case .error(let error): return "error(\(error))"
        case .completed: return "completed"
        }
    }
}

extension Event {
    /// `true` for `error` and `completed`.
    public var isStopEvent: Bool {
        switch self {
        case .next: return false
        case .error, .completed: return true
        }
    }

    /// The element of a `next` event, otherwise `nil`.
    public var element: Element? {
        if case .next(let value) = self { return value }
        return nil
    }

    /// The error of an `error` event, otherwise `nil`.
    public var error: Swift.Error? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// `true` for `completed`.
    public var isCompleted: Bool {
        if case .completed = self { return true }
        return false
    }

    /// Maps the element of a `next` event; an error thrown by `transform` becomes an `error` event.
    public func map<Result>(_ transform: (Element) throws -> Result) -> Event<Result> {
        do {
            switch self {
            case .next(let element): return .next(try transform(element))
            case .error(let error): return .error(error)
            case .completed: return .completed
            }
        } catch {
            return .error(error)
        }
    }
}

/// A type that can be turned into an `Event` (used by `dematerialize`).
public protocol EventConvertible {
    associatedtype Element
    /// The event this value represents.
    var event: Event<Element> { get }
}

extension Event: EventConvertible {
    public var event: Event<Element> { self }
}
