import CombineKit
import RxKit

extension ObservableType {
    /// Feeds this sequence into an `@Published` property, for as long as the property's owner lives
    /// (like Combine's `assign(to: &$property)`). `@Published` cannot fail: an Rx error is reported to
    /// `Hooks.defaultErrorHandler` (never a crash) and ends the assignment; completion ends it too.
    ///
    /// ```swift
    /// final class ViewModel: ObservableObject {
    ///     @Published private(set) var rates: [Rate] = []
    ///     init(service: RatesService) { service.rates().assign(to: &$rates) }   // an Rx service
    /// }
    /// ```
    public func assign(to published: inout Published<Element>.Publisher) {
        asObservable()
            .catch { error in
                Hooks.reportUnhandled(BindingError(target: "an @Published property", underlying: error))
                return .empty()
            }
            .asPublisher(failureType: Never.self) { error in
                preconditionFailure("unreachable: errors were caught above (\(error))")
            }
            .assign(to: &published)
    }
}
