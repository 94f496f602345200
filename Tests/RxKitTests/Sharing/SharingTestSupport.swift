import Foundation
import RxKit
import RxKitTest

/// Subscribes a recording observer to `source` at `start` (and disposes it at `end`, if given).
func record<Source: ObservableType>(
    _ source: Source, on scheduler: TestScheduler, from start: TestTime, to end: TestTime? = nil
) -> TestableObserver<Source.Element> {
    let observer = scheduler.createObserver(Source.Element.self)
    var subscription: Disposable?
    scheduler.scheduleAt(start) { subscription = source.subscribe(observer) }
    if let end { scheduler.scheduleAt(end) { subscription?.dispose() } }
    return observer
}

/// Calls `connect()` at `start` (and disposes the connection at `end`, if given).
func connect<Source: ConnectableObservableType>(
    _ source: Source, on scheduler: TestScheduler, at start: TestTime, disconnectAt end: TestTime? = nil
) {
    var connection: Disposable?
    scheduler.scheduleAt(start) { connection = source.connect() }
    if let end { scheduler.scheduleAt(end) { connection?.dispose() } }
}

/// Holds the first disposal that calls `disposing()` (of a connection, or of a source subscription) on the
/// thread disposing it, until the test lets it go.
final class DisposeGate: @unchecked Sendable {
    private let lock = NSLock()
    private var blockNext = true
    let inDispose = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)

    func disposing() {
        lock.lock()
        let blocks = blockNext
        blockNext = false
        lock.unlock()
        guard blocks else { return }
        inDispose.signal()
        proceed.wait()
    }
}
