import Foundation
import RxKit
import RxKitBlocking
import XCTest

/// On the main thread a blocking operator keeps the main run loop turning while it waits, as RxBlocking
/// does, so sequences that deliver on `MainScheduler` (Driver, Signal, `observe(on: MainScheduler.instance)`)
/// can be blocked on there. XCTest runs its tests on the main thread. Each wait is bounded by the timeout
/// argument, so a regression fails instead of hanging.
final class MainThreadBlockingTests: XCTestCase {
    private let bound: TimeInterval = 30

    func testBlocksOnWorkDeliveredOnTheMainScheduler() throws {
        XCTAssertTrue(Thread.isMainThread, "the main thread's run loop is what these tests exercise")
        let source = Observable.of(1, 2, 3)
            .subscribe(on: ConcurrentDispatchQueueScheduler(qos: .default))
            .observe(on: MainScheduler.instance)
        XCTAssertEqual(try source.toBlocking(timeout: bound).toArray(), [1, 2, 3])
        XCTAssertEqual(try source.toBlocking(timeout: bound).first(), 1)
    }

    func testBlocksOnASequenceCompletingOnAnotherThread() throws {
        let source = Observable.of(4, 5).subscribe(on: ConcurrentDispatchQueueScheduler(qos: .default))
        XCTAssertEqual(try source.toBlocking(timeout: bound).last(), 5)
    }

    func testBlocksOnDriverAndSignal() throws {
        XCTAssertEqual(try Driver.just(1).toBlocking(timeout: bound).first(), 1)
        XCTAssertEqual(try Signal.just(2).toBlocking(timeout: bound).single(), 2)
    }

    func testTimesOutOnTheMainThread() {
        XCTAssertThrowsError(try Observable<Int>.never().toBlocking(timeout: 0.001).toArray()) { error in
            guard case .timeout? = error as? RxError else {
                return XCTFail("expected RxError.timeout, got \(error)")
            }
        }
    }
}
