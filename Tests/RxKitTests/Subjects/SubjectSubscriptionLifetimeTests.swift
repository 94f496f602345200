import RxKit
import Testing

/// RxSwift's `SubscriptionDisposable` holds its subject weakly: a subscription kept after the subject is
/// released keeps neither the subject nor its observers alive. RxKit's holds the subject's hub, which the
/// subject empties when it goes; these pin the guarantee for every subject kind, subscribed with closures
/// and with a plain observer, each with its disposable kept. (Through an operator the kept disposable keeps
/// the operator's sink, which in RxKit holds its producer and so the source: see issue 4's notes.)
@Suite struct SubjectSubscriptionLifetimeTests {
    enum Kind: CaseIterable { case publish, behavior, replay, async }
    enum Subscriber: CaseIterable { case closures, plainObserver }

    static func makeSubject(_ kind: Kind) -> (Observable<Int>, AnyObject) {
        switch kind {
        case .publish: let subject = PublishSubject<Int>(); return (subject.asObservable(), subject)
        case .behavior: let subject = BehaviorSubject(value: 0); return (subject.asObservable(), subject)
        case .replay: let subject = ReplaySubject<Int>.create(bufferSize: 2); return (subject.asObservable(), subject)
        case .async: let subject = AsyncSubject<Int>(); return (subject.asObservable(), subject)
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
}
