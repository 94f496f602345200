import RxKit
import Testing

/// RxSwift's `SubscriptionDisposable` holds its subject weakly: a subscription kept after the subject is
/// released keeps neither the subject nor its observers alive. RxKit's holds the subject's hub, which the
/// subject empties when it goes; these pin the guarantee for every subject kind, subscribed with closures
/// and with a plain observer, each with its disposable kept. (Through an operator the kept disposable keeps
/// the operator's sink, which in RxKit holds its producer and so the source.)
@Suite struct SubjectSubscriptionLifetimeTests {
    enum Kind: CaseIterable { case publish, behavior, replay, async, publishRelay }
    enum Subscriber: CaseIterable { case closures, plainObserver }

    static func makeSubject(_ kind: Kind) -> (Observable<Int>, AnyObject) {
        switch kind {
        case .publish: let subject = PublishSubject<Int>(); return (subject.asObservable(), subject)
        case .behavior: let subject = BehaviorSubject(value: 0); return (subject.asObservable(), subject)
        case .replay: let subject = ReplaySubject<Int>.create(bufferSize: 2); return (subject.asObservable(), subject)
        case .async: let subject = AsyncSubject<Int>(); return (subject.asObservable(), subject)
        case .publishRelay: let relay = PublishRelay<Int>(); return (relay.asObservable(), relay)
        }
    }

    final class PlainObserver: ObserverType {
        let probe: Probe
        init(_ probe: Probe) { self.probe = probe }
        func on(_ event: Event<Int>) {}
    }

    @Test(arguments: Kind.allCases, Subscriber.allCases)
    func aKeptSubscriptionKeepsNeitherTheSubjectNorTheObserverAlive(kind: Kind, subscriber: Subscriber) {
        weak var weakSubject: AnyObject?
        weak var weakProbe: Probe?
        var kept: Disposable?
        do {
            let (observable, subject) = Self.makeSubject(kind)
            let probe = Probe()
            weakSubject = subject
            weakProbe = probe
            switch subscriber {
            case .closures: kept = observable.subscribe(onNext: { _ in _ = probe })
            case .plainObserver: kept = observable.subscribe(PlainObserver(probe))
            }
            #expect(weakProbe != nil)
        }
        #expect(weakSubject == nil, "the subject outlived its last reference")
        #expect(weakProbe == nil, "the observer outlived the subject while its subscription was kept")
        kept?.dispose()  // the subject is gone: nothing to remove, no crash
    }

    // The other way round: subscriptions dropped undisposed (RxSwift: the subject alone then holds its
    // observers). Where nothing shares the hub any more the subject skips emptying it (a lock round trip)
    // and the hub, going with the subject, releases the observers itself; where something still does (a
    // kept subscription; an observer's own subscription object may too) the subject empties it. Either way
    // every observer goes with the subject. With one observer (kept without a list), with two, and with one
    // of two subscriptions kept.
    @Test(arguments: Kind.allCases, [(observers: 1, keepOne: false), (observers: 2, keepOne: false), (observers: 2, keepOne: true)])
    func droppedSubscriptionsLeaveTheObserversToGoWithTheSubject(kind: Kind, shape: (observers: Int, keepOne: Bool)) {
        weak var weakSubject: AnyObject?
        var weakProbes: [WeakProbe] = []
        var kept: Disposable?
        do {
            let (observable, subject) = Self.makeSubject(kind)
            weakSubject = subject
            for index in 0..<shape.observers {
                let probe = Probe()
                weakProbes.append(WeakProbe(probe))
                let subscription = index.isMultiple(of: 2)
                    ? observable.subscribe(onNext: { _ in _ = probe })
                    : observable.subscribe(PlainObserver(probe))
                if shape.keepOne && index == 0 { kept = subscription }
            }
            #expect(weakProbes.allSatisfy { $0.probe != nil })
        }
        #expect(weakSubject == nil, "the subject outlived its last reference")
        #expect(weakProbes.allSatisfy { $0.probe == nil }, "an observer outlived the subject")
        kept?.dispose()
    }

    final class WeakProbe {
        weak var probe: Probe?
        init(_ probe: Probe) { self.probe = probe }
    }

    // RxSwift's `Disposable` contract: disposing again does nothing. A subject returns its subscription (a
    // struct removing its key) straight to a plain observer, so the second dispose reaches the subject again
    // and must leave the other observers subscribed.
    @Test(arguments: Kind.allCases)
    func disposingASubscriptionTwiceRemovesOnlyItsObserver(kind: Kind) {
        let (observable, subject) = Self.makeSubject(kind)
        var counts = [0, 0, 0]
        let disposables = (0..<3).map { index in
            observable.subscribe(AnyObserver { if case .next = $0 { counts[index] += 1 } })
        }
        disposables[1].dispose()
        disposables[1].dispose()
        switch kind {
        case .publish: (subject as! PublishSubject<Int>).onNext(1)
        case .behavior: (subject as! BehaviorSubject<Int>).onNext(1)
        case .replay: (subject as! ReplaySubject<Int>).onNext(1)
        case .async:
            (subject as! AsyncSubject<Int>).onNext(1)
            (subject as! AsyncSubject<Int>).onCompleted()
        case .publishRelay: (subject as! PublishRelay<Int>).accept(1)
        }
        // A behaviour subject replays its value to each observer when it subscribes: one more each.
        let initial = kind == .behavior ? 1 : 0
        #expect(counts == [initial + 1, initial, initial + 1])
        disposables.forEach { $0.dispose() }
    }
}
