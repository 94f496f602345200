/// RxKit's own errors. Same cases as RxSwift's `RxError`.
public enum RxError: Swift.Error, CustomDebugStringConvertible {
    /// Unknown error.
    case unknown
    /// Performing an action on a disposed object.
    case disposed(object: AnyObject)
    /// Arithmetic overflow.
    case overflow
    /// An argument was out of range.
    case argumentOutOfRange
    /// The sequence has no elements (e.g. `single()`, `asSingle()`, `element(at:)` past the end).
    case noElements
    /// The sequence has more than one element where exactly one was required.
    case moreThanOneElement
    /// The sequence did not produce an element within the given time.
    case timeout

    public var debugDescription: String {
        switch self {
        case .unknown: return "Unknown error occurred."
        case .disposed(let object): return "Object `\(object)` was already disposed."
        case .overflow: return "Arithmetic overflow occurred."
        case .argumentOutOfRange: return "Argument out of range."
        case .noElements: return "Sequence doesn't contain any elements."
        case .moreThanOneElement: return "Sequence contains more than one element."
        case .timeout: return "Sequence timeout."
        }
    }
}

extension RxError: CustomStringConvertible {
    public var description: String { debugDescription }
}

extension RxError: @unchecked Sendable {}
