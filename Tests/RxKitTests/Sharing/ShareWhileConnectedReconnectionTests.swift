// `@testable`: the source here is an `Observable` subclass that hands its observer to the test as it is, with
// no sink in between, so that events can reach a connection after it was disposed.
import Foundation
@testable import RxKit
import RxKitTest
import Testing

/// Connecting, reconnecting and releasing a `share(replay: 0 or 1, scope: .whileConnected)` — the share every
/// Driver (replay 1) and Signal (replay 0) operator ends in. RxSwift's `ShareReplay1WhileConnected` and
/// `ShareWhileConnected`: the first subscriber makes the connection (registered before the source is
/// subscribed), a subscriber that arrives while it exists joins it, the last one out disposes it and drops
/// it, and a disposed connection ignores whatever its source still sends (`synchronized_on` returns when
/// `disposed`); the next subscriber makes a new one.
@Suite struct ShareWhileConnectedReconnectionTests {
    /// A source that records every observer it is given, as it is, and lets the test hold the first
    /// disposal of a subscription on the disposing thread.
    final class RawSource: Observable<Int>, @unchecked Sendable {
        private let lock = NSLock()
        private var given: [AnyObserver<Int>] = []
        let gate = DisposeGate()

        var observers: [AnyObserver<Int>] {
            lock.lock()
            defer { lock.unlock() }
            return given
        }

        override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Int {
            lock.lock()
            given.append(AnyObserver(observer))
            lock.unlock()
            return Disposables.create { [gate] in gate.disposing() }
        }
    }

    final class Values: @unchecked Sendable {
        private let lock = NSLock()
        private var received: [Int] = []
        func append(_ value: Int) { lock.lock(); received.append(value); lock.unlock() }
        var value: [Int] { lock.lock(); defer { lock.unlock() }; return received }
    }

    struct Handle: @unchecked Sendable { let disposable: Disposable }  // disposing is thread-safe

    /// The last subscriber leaves on another thread, whose disposal of the source subscription is held; a
    /// subscriber arriving meanwhile gets a connection of its own (a second source subscription), is
    /// replayed nothing of the old one, and never receives what the old subscription still sends; and the
    /// same when that one ends and a third subscriber comes. For `share` and for the share stage a Driver
    /// or Signal operator makes (`SharedStage`, which holds its live connection).
    @Test(arguments: [0, 1], [false, true])
    func aSubscriberArrivingWhileTheOldConnectionTearsDownGetsAFreshOne(replay: Int, stage: Bool) {
        let source = RawSource()
        let shared = stage
            ? SharedStageObservable(MapSharedStage(upstream: source, kind: .observable, transform: { $0 }, replaysLatest: replay == 1))
            : source.share(replay: replay, scope: .whileConnected)
        let first = Handle(disposable: shared.subscribe(onNext: { _ in }))
        #expect(source.observers.count == 1)
        source.observers[0].onNext(1)  // the old connection's latest element, with replay
        let departed = DispatchSemaphore(value: 0)
        Thread {
            first.disposable.dispose()
            departed.signal()
        }.start()
        source.gate.inDispose.wait()  // the old connection is disposed; its source subscription's disposal is held
        let values = Values()
        let second = shared.subscribe(onNext: { values.append($0) })
        #expect(source.observers.count == 2, "the new subscriber joined the connection being torn down")
        #expect(values.value.isEmpty, "the old connection's latest element was replayed to the new one")
        source.observers[0].onNext(2)  // into the old connection, still tearing down
        source.observers[1].onNext(3)
        source.gate.proceed.signal()
        departed.wait()
        source.observers[0].onNext(4)  // into the old connection, gone
        source.observers[1].onNext(5)
        #expect(values.value == [3, 5])
        second.dispose()
        let third = shared.subscribe(onNext: { values.append($0) })
        #expect(source.observers.count == 3)
        source.observers[1].onNext(6)  // into the second connection, gone
        source.observers[2].onNext(7)
        #expect(values.value == [3, 5, 7])
        third.dispose()
    }

    /// A subscriber that subscribes from inside the source's `subscribe` (while the first one connects)
    /// joins that connection: the source is subscribed once, the new subscriber gets the latest element
    /// (with replay) and then what follows, after the first one (RxSwift sets the share's connection before
    /// `connect()` subscribes to the source). For `share` and for a share stage.
    @Test(arguments: [0, 1], [false, true])
    func aSubscriberJoiningFromInsideTheSourcesSubscribeSharesTheConnection(replay: Int, stage: Bool) {
        var log: [String] = []
        var subscriptions = 0
        var inner: Disposable?
        var shared: Observable<Int>!
        let subject = PublishSubject<Int>()
        let source = Observable<Int>.create { observer in
            subscriptions += 1
            observer.onNext(1)
            inner = shared.subscribe(onNext: { log.append("inner \($0)") })
            observer.onNext(2)
            return subject.subscribe(observer)
        }
        shared = stage
            ? SharedStageObservable(MapSharedStage(upstream: source, kind: .observable, transform: { $0 }, replaysLatest: replay == 1))
            : source.share(replay: replay, scope: .whileConnected)
        let outer = shared.subscribe(onNext: { log.append("outer \($0)") })
        subject.onNext(3)
        #expect(subscriptions == 1)
        let replayed = replay == 1 ? ["inner 1"] : []
        #expect(log == ["outer 1"] + replayed + ["outer 2", "inner 2", "outer 3", "inner 3"])
        outer.dispose()
        subject.onNext(4)
        #expect(log.last == "inner 4", "the connection ended while a subscriber remained")
        inner?.dispose()
        #expect(!subject.hasObservers)
    }

    /// Once the last subscriber of a Driver chain leaves and the chain is no longer referenced, every share
    /// (and so every connection, which holds its share), the source's observer and what the subscriber's
    /// closure captured are released; while subscribed, the chain stays alive though nothing else
    /// references it (RxSwift: a connection holds its share, the source holds the connection).
    @Test func disposingReleasesTheChainTheConnectionsAndTheSubscriber() {
        final class Captured {}
        weak var captured: Captured?
        var levels: [() -> AnyObject?] = []
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var stillConnected: [Bool] = []
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            var subscription: Disposable?
            do {
                let base = subject.asDriver(onErrorJustReturn: -1)
                let mapped = base.map { $0 + 1 }
                let filtered = mapped.filter { $0 > 0 }
                // Each level's share itself (a Driver operator's `asObservable()` is a wrapper made per call).
                let shares: [AnyObject] = [base.stage ?? base.source!, mapped.stage ?? mapped.source!, filtered.stage ?? filtered.source!]
                for level in shares {
                    weak let object = level
                    levels.append { object }
                }
                let closureObject = Captured()
                captured = closureObject
                subscription = filtered.drive(onNext: { [closureObject] value in
                    withExtendedLifetime(closureObject) { received.append(value) }
                })
            }
            stillConnected = levels.map { $0() != nil }
            subject.onNext(1)
            scheduler.start()  // the Driver delivers on the (mocked) scheduler
            subscription?.dispose()
            subscription = nil
        }
        #expect(received == [2])
        #expect(stillConnected == [true, true, true], "a connected chain was released")
        #expect(levels.allSatisfy { $0() == nil }, "a share outlived its last subscriber")
        #expect(captured == nil, "the subscriber's closure outlived its subscription")
        #expect(!subject.hasObservers)
    }
}
