import Foundation
import RxKit
import Testing

/// Races on sinks that are their subscriber's disposable (no `SinkLink`; see `SinkBase`): a dispose from
/// another thread while elements pass through them, and a terminal event from another thread while they
/// are still being subscribed. Pass criteria are counts only (`Resources.measure` does not see what the race
/// threads allocate).
@Suite("Sink without link Stress")
struct SinkWithoutLinkStressTests {
    /// One thread sends while another disposes: the upstream is disposed exactly once, the subject loses
    /// its observer, nothing is delivered after both threads are done, and nothing stays alive.
    @Test func linklessSinksDisposedFromAnotherThreadDuringDelivery() {
        for _ in 0..<Stress.rounds {
            let upstreamDisposals = Locked(0)
            let received = Locked(0)
            let subject = PublishSubject<Int>()
            weak var weakToken: Token?
            let source = Observable<Int>.create { observer in
                let inner = subject.subscribe(observer)
                return Disposables.create {
                    upstreamDisposals.mutate { $0 += 1 }
                    inner.dispose()
                }
            }
            let subscription: UncheckedBox<Disposable>
            do {
                let token = Token()
                weakToken = token
                // create's, take's, skip's and flatMap's sinks all have a sink as subscriber: no link.
                subscription = UncheckedBox(
                    source.take(Int.max).skip(0).flatMap { Observable.just($0).skip(0) }
                        .subscribe(onNext: { _ in withExtendedLifetime(token) { received.mutate { $0 += 1 } } }))
            }
            Stress.race(2) { thread in
                if thread == 0 {
                    for value in 0..<Stress.valuesPerThread { subject.onNext(value) }
                } else {
                    subscription.value.dispose()
                }
            }
            let before = received.value
            subject.onNext(-1)
            #expect(received.value == before, "an element was delivered after dispose")
            #expect(!subject.hasObservers, "a disposed subscription stayed subscribed")
            #expect(upstreamDisposals.value == 1, "the upstream must be disposed exactly once")
            // The threads' closures may outlive the race (and hold `subscription`): the chain must not.
            #expect(weakToken == nil, "a disposed chain of linkless sinks kept its observer alive")
        }
    }

    final class Token: @unchecked Sendable {}

    /// A terminal event from another thread while a chain of linkless sinks is being subscribed: each
    /// sink's `attachUpstream` races its `dispose`; the upstream is disposed exactly once either way.
    @Test func terminalFromAnotherThreadRacesAttachUpstream() {
        for _ in 0..<Stress.rounds {
            let upstreamDisposals = Locked(0)
            let completions = Locked(0)
            let pending = Locked<[AnyObserver<Int>]>([])
            let source = Observable<Int>.create { observer in
                pending.mutate { $0.append(observer) }
                return Disposables.create { upstreamDisposals.mutate { $0 += 1 } }
            }
            let subscriptions = Stress.valuesPerThread / 5
            do {
                Stress.race(2) { thread in
                    if thread == 0 {
                        for _ in 0..<subscriptions {
                            _ = source.skip(0).take(10).subscribe(onCompleted: { completions.mutate { $0 += 1 } })
                        }
                    } else {
                        var completed = 0
                        while completed < subscriptions {
                            let observers = pending.mutate { list -> [AnyObserver<Int>] in
                                defer { list.removeAll() }
                                return list
                            }
                            for observer in observers { observer.onCompleted() }
                            completed += observers.count
                        }
                    }
                }
            }
            #expect(completions.value == subscriptions)
            #expect(upstreamDisposals.value == subscriptions, "the upstream must be disposed once per subscription")
        }
    }
}
