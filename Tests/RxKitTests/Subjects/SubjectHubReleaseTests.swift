import Foundation
import RxKit
import Testing

/// An observer released by a subject may run arbitrary code as it goes (its closure's captures deinit):
/// dispose a bag holding another subscription to the same subject, or drop the last reference to the
/// subject itself. RxSwift releases removed observers after unlocking (`SubscriptionDisposable.dispose`
/// and `PublishSubject.synchronized_dispose` hand the removed observer out of the critical section), so
/// none of this may re-enter a subject's lock. Each case runs on a thread of its own and is awaited with
/// a time limit, so a deadlock fails the test rather than hanging the run.
@Suite struct SubjectHubReleaseTests {
    enum Kind: CaseIterable { case publish, behavior, replay, behaviorRelay }

    static func makeSubject(_ kind: Kind) -> (Observable<Int>, AnyObject, dispose: () -> Void) {
        switch kind {
        case .publish:
            let subject = PublishSubject<Int>()
            return (subject.asObservable(), subject, { [unowned subject] in subject.dispose() })
        case .behavior:
            let subject = BehaviorSubject(value: 0)
            return (subject.asObservable(), subject, { [unowned subject] in subject.dispose() })
        case .replay:
            let subject = ReplaySubject<Int>.create(bufferSize: 1)
            return (subject.asObservable(), subject, { [unowned subject] in subject.dispose() })
        case .behaviorRelay:
            let relay = BehaviorRelay(value: 0)
            return (relay.asObservable(), relay, {})
        }
    }

    /// An observer holding `held`, and nothing else holding it: the subject's disposable (a plain
    /// observer's subscription holds the hub and a key) does not, so the hub's release is its last.
    final class Holder: ObserverType {
        let held: AnyObject
        init(_ held: AnyObject) { self.held = held }
        func on(_ event: Event<Int>) {}
    }

    /// Runs `body` on a thread of its own; false if it has not returned within the time limit.
    static func finishes(_ body: @escaping () -> Void) -> Bool {
        // The thread is the only one to run `body` (the test only waits).
        final class Body: @unchecked Sendable {
            let run: () -> Void
            init(_ run: @escaping () -> Void) { self.run = run }
        }
        let box = Body(body)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.run()
            done.signal()
        }
        thread.start()
        return done.wait(timeout: .now() + 10) == .success
    }

    // The subscription's observer holds the last strong reference to its own subject (as an operator
    // chain over a relay does, subscribed on a scheduler): disposing it frees the subject from the hub.
    @Test(arguments: Kind.allCases)
    func disposingTheSubscriptionThatHoldsTheLastReferenceToItsSubjectReturns(kind: Kind) {
        weak var weakSubject: AnyObject?
        var keptUntilDisposed = false
        let finished = Self.finishes {
            var subscription: Disposable?
            do {
                let (observable, subject, _) = Self.makeSubject(kind)
                weakSubject = subject
                subscription = observable.subscribe(Holder(subject))
            }
            keptUntilDisposed = weakSubject != nil
            subscription?.dispose()
        }
        #expect(finished, "disposing re-entered the subject's lock")
        #expect(keptUntilDisposed, "the subscription keeps the subject alive until it is disposed")
        #expect(weakSubject == nil, "the subject outlived its last subscription")
    }

    // The observer holds a bag with another subscription to the same subject: removing the observer
    // releases the bag, which disposes that subscription.
    @Test(arguments: Kind.allCases)
    func disposingAnObserverWhoseBagDisposesAnotherSubscriptionReturns(kind: Kind) {
        let (observable, subject, _) = Self.makeSubject(kind)
        let finished = Self.finishes {
            var bag: DisposeBag? = DisposeBag()
            observable.subscribe(onNext: { _ in }).disposed(by: bag!)
            let subscription = observable.subscribe(Holder(bag!))
            bag = nil
            subscription.dispose()
        }
        #expect(finished, "disposing re-entered the subject's lock")
        withExtendedLifetime(subject) {}
    }

    // `dispose()` on the subject removes every observer; one holds a bag with a subscription to it.
    @Test(arguments: [Kind.publish, .behavior, .replay])
    func disposingTheSubjectWhileAnObserverHoldsABagOfItsSubscriptionsReturns(kind: Kind) {
        let (observable, subject, dispose) = Self.makeSubject(kind)
        let finished = Self.finishes {
            var bag: DisposeBag? = DisposeBag()
            observable.subscribe(Holder(bag!)).disposed(by: bag!)
            bag = nil
            dispose()
        }
        #expect(finished, "the subject's dispose re-entered its lock")
        withExtendedLifetime(subject) {}
    }

    // The last reference to the subject goes while an observer holds a bag with its own subscription: the
    // subject's deinit empties its hub, releasing the bag, which disposes the subscription.
    @Test(arguments: Kind.allCases)
    func releasingTheSubjectWhileAnObserverHoldsABagOfItsSubscriptionReturns(kind: Kind) {
        weak var weakBag: DisposeBag?
        let finished = Self.finishes {
            let (observable, _, _) = Self.makeSubject(kind)
            let bag = DisposeBag()
            weakBag = bag
            observable.subscribe(onNext: { _ in _ = bag }).disposed(by: bag)
        }
        #expect(finished, "the subject's deinit re-entered its lock")
        #expect(weakBag == nil, "the subject's observers outlived it")
    }
}
