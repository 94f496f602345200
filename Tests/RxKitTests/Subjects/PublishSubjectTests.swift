import Dispatch
import RxKit
import RxKitTest
import Testing

@Suite struct PublishSubjectTests {
    @Test func deliversOnlyEventsSentAfterSubscribing() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        scheduler.scheduleAt(150) { subject.onNext(1) }
        scheduler.scheduleAt(210) { subject.onNext(2) }
        scheduler.scheduleAt(220) { subject.onNext(3) }
        scheduler.scheduleAt(300) { subject.onCompleted() }
        scheduler.scheduleAt(310) { subject.onNext(4) }
        let res = scheduler.start { subject.asObservable() }
        #expect(res.events == [.next(210, 2), .next(220, 3), .completed(300)])
    }

    @Test func lateSubscriberReceivesOnlyTheTerminalEvent() {
        let scheduler = TestScheduler(initialClock: 0)
        let subject = PublishSubject<Int>()
        subject.onNext(1)
        subject.onError(testError)
        let observer = scheduler.createObserver(Int.self)
        _ = subject.subscribe(observer)
        #expect(observer.events == [.error(0, testError)])
    }

    @Test func disposingTheSubscriptionStopsDelivery() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        let subscription = subject.subscribe(onNext: { received.append($0) })
        subject.onNext(1)
        #expect(subject.hasObservers)
        subscription.dispose()
        #expect(!subject.hasObservers)
        subject.onNext(2)
        #expect(received == [1])
    }

    // RxSwift: the subject sends each event to the observers of the moment it was sent (a copy of its bag), and
    // `subscribe(onNext:)`'s AnonymousObserver has no disposed check, so there `b` still gets 1. RxKit's closure
    // subscription lets its closures go at dispose and gets nothing after it (MigrationGuide, Deliberate differences).
    @Test func closureSubscriptionDisposedByAnEarlierObserverMissesTheElementInFlight() {
        let subject = PublishSubject<Int>()
        var received: [String] = []
        var second: Disposable?
        let first = subject.subscribe(onNext: { received.append("a\($0)"); second?.dispose() })
        second = subject.subscribe(onNext: { received.append("b\($0)") })
        subject.onNext(1)
        subject.onNext(2)
        #expect(received == ["a1", "a2"])
        first.dispose()
    }

    // An observer subscribed with `subscribe(_:)` behaves as in RxSwift: the subject's delivery to the observers of
    // the moment reaches it even when an earlier observer disposes its subscription.
    @Test func observerDisposedByAnEarlierObserverGetsTheElementInFlightAsInRxSwift() {
        let subject = PublishSubject<Int>()
        var received: [String] = []
        var second: Disposable?
        let first = subject.subscribe(AnyObserver<Int> { event in
            if case .next(let value) = event { received.append("a\(value)"); second?.dispose() }
        })
        second = subject.subscribe(AnyObserver<Int> { event in
            if case .next(let value) = event { received.append("b\(value)") }
        })
        subject.onNext(1)
        subject.onNext(2)
        #expect(received == ["a1", "b1", "a2"])
        first.dispose()
    }

    @Test func disposedSubjectRejectsSubscribersWithDisposedError() {
        let subject = PublishSubject<Int>()
        subject.dispose()
        #expect(subject.isDisposed)
        var error: Error?
        _ = subject.subscribe(onError: { error = $0 })
        guard case .disposed? = error as? RxError else {
            Issue.record("expected RxError.disposed, got \(String(describing: error))")
            return
        }
    }

    // RxSwift delivers an event sent from inside an observer nested, before the outer send returns.
    @Test func reentrantSendIsDeliveredNestedInOrder() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        _ = subject.subscribe(onNext: { value in
            log.append("A\(value)")
            if value == 1 { subject.onNext(2) }
        })
        _ = subject.subscribe(onNext: { value in log.append("B\(value)") })
        subject.onNext(1)
        #expect(log == ["A1", "A2", "B2", "B1"])
    }

    @Test func concurrentSendsAreSerialisedAndNoneIsLost() {
        let subject = PublishSubject<Int>()
        let lock = NSLockish()
        var inside = 0
        var overlapped = false
        var count = 0
        _ = subject.subscribe(onNext: { _ in
            lock.sync { inside += 1; if inside > 1 { overlapped = true } }
            count += 1  // unsynchronised on purpose: serialised delivery makes this safe
            lock.sync { inside -= 1 }
        })
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for value in 0..<2_000 { subject.onNext(thread * 10_000 + value) }
        }
        #expect(!overlapped)
        #expect(count == 8_000)
    }

    // Sends from other threads while one is delivering are queued with a snapshot of the observers; once
    // the observer leaves, nothing the subject keeps for later sends may hold it (RxSwift: disposing a
    // subscription releases the observer).
    @Test func soleObserverIsReleasedAfterLeavingOnceOtherThreadsQueuedSends() {
        let subject = PublishSubject<Int>()
        let delivering = DispatchSemaphore(value: 0)
        let queued = DispatchSemaphore(value: 0)
        weak var weakProbe: Probe?
        var received: [Int] = []
        let subscription: Disposable
        do {
            let probe = Probe()
            weakProbe = probe
            subscription = subject.subscribe(onNext: { value in
                _ = probe
                received.append(value)
                if value == 0 {
                    delivering.signal()
                    queued.wait()  // the sends below arrive while this delivery is in progress
                }
            })
        }
        DispatchQueue.global().async {
            delivering.wait()
            for value in 1...3 { subject.onNext(value) }
            queued.signal()
        }
        subject.onNext(0)
        #expect(received == [0, 1, 2, 3])
        subscription.dispose()
        #expect(weakProbe == nil)
        #expect(!subject.hasObservers)
    }

    @Test func releasesObserversAndItself() {
        let delta = resourceDelta {
            let subject = PublishSubject<Int>()
            let subscription = subject.map { $0 + 1 }.subscribe(onNext: { _ in })
            subject.onNext(1)
            subscription.dispose()
        }
        #expect(delta == 0)
    }

    // The single-subscriber send path calls the observer without retaining it; an observer that leaves
    // during its own delivery must stay alive until that delivery ends, then be released, and get
    // nothing more (RxSwift: dispose stops delivery at once).
    @Test func soleObserverDisposingItselfInsideOnNextGetsNothingMoreAndIsReleasedAfterTheDelivery() {
        let subject = PublishSubject<Int>()
        weak var weakProbe: Probe?
        var received: [Int] = []
        var aliveAfterDispose = false
        let subscription = SingleAssignmentDisposable()
        do {
            let probe = Probe()
            weakProbe = probe
            subscription.setDisposable(subject.map { $0 * 10 }.subscribe(onNext: { value in
                received.append(value)
                subscription.dispose()
                aliveAfterDispose = probe.isAlive  // the observer's captures are still there
            }))
        }
        subject.onNext(1)
        #expect(aliveAfterDispose)
        #expect(weakProbe == nil)
        #expect(!subject.hasObservers)
        subject.onNext(2)
        #expect(received == [10])
    }

    // A second subscriber that leaves while the first one is being delivered to: the send's snapshot of
    // the observers still holds it, so it is released only after the delivery; it gets nothing once it
    // has left (the closure subscriber checks its disposed flag).
    @Test func subscriberLeavingDuringASendToAnotherIsReleasedAfterTheDelivery() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        let second = SingleAssignmentDisposable()
        weak var weakProbe: Probe?
        _ = subject.subscribe(onNext: { value in
            log.append("A\(value)")
            second.dispose()
        })
        do {
            let probe = Probe()
            weakProbe = probe
            second.setDisposable(subject.subscribe(onNext: { value in
                _ = probe
                log.append("B\(value)")
            }))
        }
        subject.onNext(1)
        #expect(weakProbe == nil)
        subject.onNext(2)
        #expect(log == ["A1", "A2"])
    }

    @Test func leakCheckDetectsALiveSubscription() {
        var keep: Disposable?
        let subject = PublishSubject<Int>()
        let delta = resourceDelta {
            keep = subject.map { $0 }.subscribe(onNext: { _ in })
        }
        #expect(delta > 0)
        keep?.dispose()
    }

    // The hub keeps a lone observer apart from its list of several; joining and leaving in any order
    // must still give each observer exactly the events sent while it was subscribed (RxSwift's
    // PublishSubject), including a terminal event to whoever is left.
    @Test func observersJoiningAndLeavingInAnyOrderGetExactlyTheEventsSentWhileSubscribed() {
        let subject = PublishSubject<Int>()
        var log: [String: [String]] = [:]
        func observe(_ name: String) -> Disposable {
            subject.subscribe(
                onNext: { log[name, default: []].append("\($0)") },
                onCompleted: { log[name, default: []].append("done") }
            )
        }
        let a = observe("a")
        subject.onNext(1)
        let b = observe("b")
        subject.onNext(2)
        a.dispose()  // back to one observer, the second one
        subject.onNext(3)
        let c = observe("c")
        let d = observe("d")
        subject.onNext(4)
        c.dispose()  // leaving from the middle of the list
        subject.onNext(5)
        b.dispose()
        d.dispose()
        #expect(!subject.hasObservers)
        subject.onNext(6)
        let e = observe("e")
        subject.onNext(7)
        subject.onCompleted()
        e.dispose()
        #expect(log["a"] == ["1", "2"])
        #expect(log["b"] == ["2", "3", "4", "5"])
        #expect(log["c"] == ["4"])
        #expect(log["d"] == ["4", "5"])
        #expect(log["e"] == ["7", "done"])
    }

    // RxSwift's SubscriptionDisposable holds its subject weakly: a subscription kept after the subject
    // is released keeps neither the subject nor the observer alive, and disposing it then does nothing.
    @Test func subscriptionKeptAfterTheSubjectIsReleasedKeepsNothingAlive() {
        weak var weakSubject: PublishSubject<Int>?
        weak var weakProbe: Probe?
        var keep: Disposable?
        do {
            let subject = PublishSubject<Int>()
            let probe = Probe()
            weakSubject = subject
            weakProbe = probe
            keep = subject.subscribe(onNext: { _ in _ = probe })
            subject.onNext(1)
        }
        #expect(weakSubject == nil)
        #expect(weakProbe == nil)
        keep?.dispose()  // the subject is gone: nothing to remove, no crash
        keep = nil
    }

    // The same for a subject's entry and subscription seen from the other side: disposing releases the
    // observer at once even while the disposable itself is still held (RxSwift's disposable keeps only
    // a key).
    @Test func disposingReleasesTheObserverWhileTheDisposableIsStillHeld() {
        let subject = PublishSubject<Int>()
        weak var weakProbe: Probe?
        var keep: Disposable?
        do {
            let probe = Probe()
            weakProbe = probe
            keep = subject.subscribe(onNext: { _ in _ = probe })
        }
        #expect(weakProbe != nil)
        keep?.dispose()
        #expect(weakProbe == nil)
        #expect(keep != nil)
        #expect(!subject.hasObservers)
    }

    // A subject keeps its first observer, when it is one of RxKit's own nodes (`subscribe(onNext:…)`'s
    // observer, every operator's sink), without a list entry; any other `ObserverType` gets an entry. Mixed
    // in any order, each observer still gets exactly the events sent while it was subscribed, the
    // terminal event included (RxSwift's PublishSubject).
    @Test(arguments: [true, false])
    func nodeAndPlainObserversMixedGetExactlyTheEventsSentWhileSubscribed(nodeFirst: Bool) {
        let subject = PublishSubject<Int>()
        var log: [String: [String]] = [:]
        func node(_ name: String) -> Disposable {
            subject.subscribe(onNext: { log[name, default: []].append("\($0)") },
                              onError: { _ in log[name, default: []].append("error") },
                              onCompleted: { log[name, default: []].append("done") })
        }
        func plain(_ name: String) -> Disposable {
            subject.subscribe(AnyObserver<Int> { event in
                switch event {
                case .next(let value): log[name, default: []].append("\(value)")
                case .error: log[name, default: []].append("error")
                case .completed: log[name, default: []].append("done")
                }
            })
        }
        let first = nodeFirst ? node("a") : plain("a")
        subject.onNext(1)
        let second = nodeFirst ? plain("b") : node("b")
        subject.onNext(2)
        first.dispose()
        subject.onNext(3)
        second.dispose()
        #expect(!subject.hasObservers)
        subject.onNext(4)
        let third = nodeFirst ? node("c") : plain("c")
        subject.onNext(5)
        third.dispose()
        let fourth = nodeFirst ? node("d") : plain("d")
        let fifth = nodeFirst ? plain("e") : node("e")
        subject.onError(testError)
        fourth.dispose()
        fifth.dispose()
        #expect(log["a"] == ["1", "2"])
        #expect(log["b"] == ["2", "3"])
        #expect(log["c"] == ["5"])
        #expect(log["d"] == ["error"])
        #expect(log["e"] == ["error"])
    }

    // RxSwift's PublishSubject: an observer that subscribes while an event is being delivered gets only
    // the events sent after it subscribed, not the one in progress.
    @Test func anObserverJoiningDuringTheSoleObserversDeliveryGetsOnlyLaterEvents() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        var joined: Disposable?
        let first = subject.subscribe(onNext: { value in
            log.append("A\(value)")
            if joined == nil {
                joined = subject.subscribe(onNext: { log.append("B\($0)") })
            }
        })
        subject.onNext(1)
        subject.onNext(2)
        first.dispose()
        subject.onNext(3)
        joined?.dispose()
        subject.onNext(4)
        #expect(log == ["A1", "A2", "B2", "B3"])
        #expect(!subject.hasObservers)
    }
}

/// Something whose release a test watches through a weak reference.
final class Probe {
    var isAlive: Bool { true }
}

/// A tiny lock for test bookkeeping.
final class NSLockish: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 1)
    func sync<T>(_ body: () -> T) -> T {
        semaphore.wait()
        defer { semaphore.signal() }
        return body()
    }
}
