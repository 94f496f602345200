import RxKit
import RxKitTest
import Testing

/// Counts how often it was disposed.
final class CountingDisposable: Cancelable, @unchecked Sendable {
    private(set) var count = 0
    var isDisposed: Bool { count > 0 }
    func dispose() { count += 1 }
}

@Suite struct DisposablesTests {
    @Test func createWithActionRunsItOnce() {
        var runs = 0
        let disposable = Disposables.create { runs += 1 }
        #expect(!disposable.isDisposed)
        disposable.dispose()
        disposable.dispose()
        #expect(runs == 1)
        #expect(disposable.isDisposed)
    }

    @Test func createFormsDisposeEveryMember() {
        let parts = (0..<6).map { _ in CountingDisposable() }
        Disposables.create(parts[0], parts[1]).dispose()
        Disposables.create(parts[2], parts[3], parts[4]).dispose()
        Disposables.create([parts[5]]).dispose()
        #expect(parts.allSatisfy { $0.count == 1 })
        let more = (0..<5).map { _ in CountingDisposable() }
        let all = Disposables.create(more[0], more[1], more[2], more[3], more[4])
        all.dispose()
        all.dispose()
        #expect(more.allSatisfy { $0.count == 1 })
        Disposables.create().dispose()
    }

    @Test func compositeInsertRemoveAndLateInsert() {
        let composite = CompositeDisposable()
        let a = CountingDisposable(), b = CountingDisposable(), late = CountingDisposable()
        let keyA = composite.insert(a)
        _ = composite.insert(b)
        #expect(composite.count == 2)
        composite.remove(for: keyA!)
        #expect(a.count == 1)
        #expect(composite.count == 1)
        composite.dispose()
        #expect(b.count == 1)
        #expect(composite.insert(late) == nil)
        #expect(late.count == 1)
        #expect(composite.isDisposed)
    }

    @Test func serialDisposableDisposesThePreviousAndLaterOnes() {
        let serial = SerialDisposable()
        let first = CountingDisposable(), second = CountingDisposable(), third = CountingDisposable()
        serial.disposable = first
        serial.disposable = second
        #expect(first.count == 1)
        #expect(second.count == 0)
        serial.dispose()
        #expect(second.count == 1)
        serial.disposable = third
        #expect(third.count == 1)
    }

    @Test func singleAssignmentDisposesWhenSetAfterDisposal() {
        let single = SingleAssignmentDisposable()
        single.dispose()
        let inner = CountingDisposable()
        single.setDisposable(inner)
        #expect(inner.count == 1)
    }

    @Test func singleAssignmentTwiceIsAPreconditionFailureNamingTheFix() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let single = SingleAssignmentDisposable()
            single.setDisposable(Disposables.create())
            single.setDisposable(Disposables.create())
        }
    }

    @Test func refCountWaitsForEveryRetainedReference() {
        let underlying = CountingDisposable()
        let refCount = RefCountDisposable(disposable: underlying)
        let first = refCount.retain()
        let second = refCount.retain()
        refCount.dispose()
        #expect(underlying.count == 0)
        first.dispose()
        first.dispose()  // a second release of the same reference does nothing
        #expect(underlying.count == 0)
        second.dispose()
        #expect(underlying.count == 1)
        #expect(refCount.isDisposed)
    }

    @Test func refCountWithoutRetainsDisposesAtOnce() {
        let underlying = CountingDisposable()
        let refCount = RefCountDisposable(disposable: underlying)
        refCount.dispose()
        #expect(underlying.count == 1)
    }

    @Test func scheduledDisposableDisposesOnItsScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = CountingDisposable()
        let scheduled = ScheduledDisposable(scheduler: scheduler, disposable: inner)
        scheduler.scheduleAt(100) { scheduled.dispose() }
        scheduler.advanceTo(100)
        #expect(scheduled.isDisposed)
        #expect(inner.count == 0)  // runs one tick later on the test scheduler
        scheduler.advanceTo(101)
        #expect(inner.count == 1)
    }

    @Test func booleanDisposableRecordsDisposal() {
        let boolean = BooleanDisposable()
        #expect(!boolean.isDisposed)
        boolean.dispose()
        #expect(boolean.isDisposed)
        #expect(BooleanDisposable(isDisposed: true).isDisposed)
    }

    @Test func disposeBagDisposesEverythingOnDeinit() {
        let parts = (0..<4).map { _ in CountingDisposable() }
        do {
            let bag = DisposeBag()
            parts[0].disposed(by: bag)
            bag.insert(parts[1], parts[2])
            bag.insert { parts[3] }
            #expect(parts.allSatisfy { $0.count == 0 })
        }
        #expect(parts.allSatisfy { $0.count == 1 })
    }

    @Test func disposeBagBuilderInitialiser() {
        let a = CountingDisposable(), b = CountingDisposable()
        do {
            _ = DisposeBag { a; b }
        }
        #expect(a.count == 1 && b.count == 1)
        let c = CountingDisposable()
        do { _ = DisposeBag(disposing: c) }
        #expect(c.count == 1)
    }

    @Test func replacingTheBagEndsSubscriptions() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var bag = DisposeBag()
        subject.subscribe(onNext: { received.append($0) }).disposed(by: bag)
        subject.onNext(1)
        bag = DisposeBag()
        subject.onNext(2)
        #expect(received == [1])
        #expect(!subject.hasObservers)
        _ = bag
    }
}
