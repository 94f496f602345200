import Foundation
import RxKit
import RxKitTest
import Testing

/// `SharingScheduler` (RxCocoa's SharingScheduler.swift): `make` gives `MainScheduler()` unless a `mock` is
/// in force, and the mocked scheduler while one is. RxKit binds the mock to the task (a task-local value)
/// where RxCocoa swaps a global.
@Suite struct SharingSchedulerTests {
    @Test func makeGivesAMainSchedulerOutsideMock() {
        #expect(SharingScheduler.make() is MainScheduler)
    }

    @Test func makeGivesTheMockedSchedulerInsideMockAndTheMainOneAfter() {
        let scheduler = TestScheduler(initialClock: 0)
        var inside: SchedulerType?
        SharingScheduler.mock(scheduler: scheduler) {
            inside = SharingScheduler.make()
        }
        #expect(inside as AnyObject? === scheduler)
        #expect(SharingScheduler.make() is MainScheduler)
    }

    @Test func nestedMocksRestoreTheOuterOne() {
        let outer = TestScheduler(initialClock: 0)
        let inner = TestScheduler(initialClock: 0)
        var seen: [ObjectIdentifier] = []
        SharingScheduler.mock(scheduler: outer) {
            SharingScheduler.mock(scheduler: inner) {
                seen.append(ObjectIdentifier(SharingScheduler.make() as AnyObject))
            }
            seen.append(ObjectIdentifier(SharingScheduler.make() as AnyObject))
        }
        #expect(seen == [ObjectIdentifier(inner), ObjectIdentifier(outer)])
    }

    /// A `Task` made inside `mock` inherits the binding (task-local values are copied into it) and keeps it
    /// after `mock` has returned: `make` must still read it there, so whatever lets `make` skip the
    /// task-local read when no mock was ever used cannot be a count of the mocks in progress.
    @Test func aTaskMadeInsideMockKeepsTheMockedSchedulerAfterMockReturns() async {
        let scheduler = TestScheduler(initialClock: 0)
        let mockedID = ObjectIdentifier(scheduler)
        let (go, release) = AsyncStream.makeStream(of: Void.self)
        var task: Task<ObjectIdentifier, Never>?
        SharingScheduler.mock(scheduler: scheduler) {
            task = Task {
                for await _ in go { break }
                return ObjectIdentifier(SharingScheduler.make() as AnyObject)
            }
        }
        release.yield()
        release.finish()
        let seen = await task?.value
        #expect(seen == mockedID)
    }
}
