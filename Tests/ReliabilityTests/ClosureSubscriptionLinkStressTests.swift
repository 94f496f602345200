import Foundation
import RxKit
import Testing

/// The closure subscription as its sink's link: a sink ending without a terminal event (`skip(until:)`'s
/// source completing first) on one thread while the user disposes on another. The sink is released, the
/// upstream disposed and `onDisposed` run exactly once each, whichever side wins.
@Suite("Closure subscription link Stress")
struct ClosureSubscriptionLinkStressTests {
    final class Token: @unchecked Sendable {}

    @Test func sinkEndingWithoutTerminalRacesDispose() {
        for _ in 0..<Stress.rounds * 10 {
            let source = PublishSubject<Int>()
            let other = PublishSubject<Int>()
            let disposedCalls = Locked(0)
            weak var weakToken: Token?
            let subscription: UncheckedBox<Disposable>
            do {
                let token = Token()
                weakToken = token
                subscription = UncheckedBox(source.skip(until: other).subscribe(
                    onNext: { _ in withExtendedLifetime(token) {} },
                    onDisposed: { disposedCalls.mutate { $0 += 1 } }))
            }
            Stress.race(2) { thread in
                if thread == 0 { source.onCompleted() } else { subscription.value.dispose() }
            }
            #expect(disposedCalls.value == 1)
            #expect(!source.hasObservers && !other.hasObservers)
            #expect(weakToken == nil)
        }
    }
}
