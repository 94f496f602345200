import Foundation
import RxKit
import Testing

/// `refCount()` serialises its connection state (RxSwift's `RefCount` holds its lock across `connect()` and
/// the disconnection): subscribers joining and leaving on several threads never make two connections at
/// once, a subscriber whose `subscribe` has returned is connected until it leaves, and once everyone has
/// left nothing stays connected.
@Suite("Stress RxKit refCount")
struct StressRefCountTests {
    /// A cold source that counts its live subscriptions and records the most it ever had at once.
    private final class CountingSource: @unchecked Sendable {
        let live = Locked(0)
        let most = Locked(0)
        let subscriptions = Locked(0)

        var observable: Observable<Int> {
            Observable<Int>.create { _ in
                self.subscriptions.mutate { $0 += 1 }
                let now = self.live.mutate { count -> Int in
                    count += 1
                    return count
                }
                self.most.mutate { $0 = max($0, now) }
                return Disposables.create { self.live.mutate { $0 -= 1 } }
            }
        }
    }

    private static func makeShared(_ kind: Int, _ source: Observable<Int>) -> Observable<Int> {
        switch kind {
        case 0: source.publish().refCount()
        case 1: source.replay(1).refCount()
        default: source.multicast(makeSubject: { PublishSubject<Int>() }).refCount()
        }
    }

    @Test(arguments: 0..<3)
    func subscribersJoiningAndLeavingOnSeveralThreadsNeverDoubleConnect(_ kind: Int) {
        for _ in 0..<Stress.rounds {
            let source = CountingSource()
            let shared = Self.makeShared(kind, source.observable)
            let disconnectedWhileSubscribed = Locked(0)
            Stress.race { _ in
                for index in 0..<Stress.valuesPerThread / 5 {
                    let first = shared.subscribe()
                    if source.live.value != 1 { disconnectedWhileSubscribed.mutate { $0 += 1 } }
                    if index.isMultiple(of: 2) {
                        let second = shared.subscribe()
                        first.dispose()
                        if source.live.value != 1 { disconnectedWhileSubscribed.mutate { $0 += 1 } }
                        second.dispose()
                    } else {
                        first.dispose()
                    }
                }
            }
            #expect(source.most.value == 1, "two connections were live at once")
            #expect(disconnectedWhileSubscribed.value == 0, "a subscriber was left with nothing connected")
            #expect(source.live.value == 0, "still connected after every subscriber left")
        }
    }

    /// A source that terminates inside the subscription (`Observable.of` trampolines on the current thread,
    /// so its elements come after `connect()` returns, before the first subscriber's `subscribe` returns):
    /// every subscriber gets a run of the sequence in order and at most one completion after it, and each
    /// connection subscribes the source once.
    @Test func synchronousSourcesTerminatingRightAfterConnectOnSeveralThreads() {
        for _ in 0..<Stress.rounds {
            let subscriptions = Locked(0)
            let shared = Observable<Int>.deferred {
                subscriptions.mutate { $0 += 1 }
                return Observable.of(1, 2, 3)
            }
            .publish()
            .refCount()
            let observers = Locked<[CheckedObserver<Int>]>([])
            Stress.race { _ in
                for _ in 0..<Stress.valuesPerThread / 10 {
                    let observer = CheckedObserver<Int>()
                    observers.mutate { $0.append(observer) }
                    shared.subscribe(observer).dispose()
                }
            }
            var completed = 0
            for observer in observers.value {
                #expect(observer.grammar.violations.isEmpty)
                let values = observer.values
                // A subscriber joining a connection another thread is delivering may be disposed (by its own
                // thread) before, during or after that delivery: it sees a run of 1, 2, 3 in order.
                #expect(values.isEmpty || [[1], [2], [3], [1, 2], [2, 3], [1, 2, 3]].contains(values), "got \(values)")
                if case .completed = observer.terminal {
                    completed += 1
                    #expect(values.last == 3 || values.isEmpty, "completed before the last element: \(values)")
                }
            }
            // Each connection's subscriber (the one whose subscription connected) gets the whole sequence.
            #expect(completed >= subscriptions.value, "a connection's sequence ended without its completion")
            #expect(subscriptions.value >= 1 && subscriptions.value <= observers.value.count)
        }
    }
}
