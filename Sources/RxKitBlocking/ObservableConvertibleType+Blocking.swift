import Foundation
import RxKit

extension ObservableConvertibleType {
    /// This sequence as a `BlockingObservable`, whose operators block the calling thread. Same as RxBlocking's
    /// `toBlocking(timeout:)`; every trait (`Single`, `Maybe`, `Completable`, `Infallible`, `Driver`, `Signal`)
    /// and every relay has it, since each is an `ObservableConvertibleType`.
    ///
    /// - parameter timeout: The longest a blocking operator may wait, in seconds (Foundation's `TimeInterval`,
    ///   as RxBlocking's), before it throws `RxError.timeout`; `nil` waits as long as it takes.
    public func toBlocking(timeout: TimeInterval? = nil) -> BlockingObservable<Element> {
        BlockingObservable(timeout: timeout, source: asObservable())
    }
}
