import Foundation
import RxKit

/// An observable whose operators block the calling thread until the sequence has answered, for tests and
/// command-line code. Same as RxBlocking's `BlockingObservable`; make one with `toBlocking(timeout:)`.
///
/// While it waits, a blocking operator keeps the calling thread's run loop turning when that thread is the
/// main thread, so work scheduled on `MainScheduler` (or `DispatchQueue.main`) still runs, as RxBlocking does.
/// Do not call it from a thread the source itself needs (a serial queue it delivers on, for example).
public struct BlockingObservable<Element> {
    let timeout: TimeInterval?
    let source: Observable<Element>

    init(timeout: TimeInterval?, source: Observable<Element>) {
        self.timeout = timeout
        self.source = source
    }
}
