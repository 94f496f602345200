import Foundation
import RxKit

/// Events compare equal when their elements are equal; errors compare by domain and code on Apple
/// platforms and by description on Linux. Same as RxTest.
extension Event: Equatable where Element: Equatable {
    public static func == (lhs: Event<Element>, rhs: Event<Element>) -> Bool {
        switch (lhs, rhs) {
        case (.completed, .completed): return true
        case (.next(let a), .next(let b)): return a == b
        case (.error(let a), .error(let b)): return errorsEqual(a, b)
        default: return false
        }
    }
}

func errorsEqual(_ lhs: Error, _ rhs: Error) -> Bool {
    #if canImport(Darwin)
    let a = lhs as NSError, b = rhs as NSError
    return a.domain == b.domain && a.code == b.code
    #else
    return "\(lhs)" == "\(rhs)"
    #endif
}
