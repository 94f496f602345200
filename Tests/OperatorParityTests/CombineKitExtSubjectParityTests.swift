import CombineKit
import CombineKitExt
import ParityTesting
import RxKit
import Testing

/// The subject and relay rows whose Combine side is a CombineKitExt type. As in SubjectParityTests,
/// the pipeline feeds the subject from the input when it is built (tick 100).
@Suite struct CombineKitExtSubjectParityTests {
    // RxSwift `ReplaySubject.create(bufferSize:)`: a new subscriber first gets the last `bufferSize`
    // elements, then the live ones; terminal events are replayed after the buffer / CombineKitExt
    // `ReplayingSubject(bufferSize:)`.
    @Test func replaySubject() {
        let parity = Parity()
        let feeds = SubjectFeeds()
        defer { feeds.cancelAll() }
        let rx: (Observable<Int>) -> Observable<Int> = { input in
            let subject = ReplaySubject<Int>.create(bufferSize: 2)
            _ = input.subscribe(subject)
            return subject.asObservable()
        }
        let combine: (AnyPublisher<Int, ParityError>) -> ReplayingSubject<Int, ParityError> = { input in
            let subject = ReplayingSubject<Int, ParityError>(bufferSize: 2)
            feeds.feed(subject, from: input)
            return subject
        }
        parity.expect(Scripts.lateSubscription, rx: rx, combine: combine,
                      .same(as: [.value(200, 7), .value(200, 8), .value(210, 1), .value(220, 2), .finished(300)]))
        let completedBefore = ParityScript<Int>.hot("completed before subscription", .value(110, 1), .value(120, 2), .value(130, 3), .finished(140))
        parity.expect(completedBefore, rx: rx, combine: combine, .same(as: [.value(200, 2), .value(200, 3), .finished(200)]))
        let failedBefore = ParityScript<Int>.hot("failed before subscription", .value(110, 1), .failure(140, "boom"))
        parity.expect(failedBefore, rx: rx, combine: combine, .same(as: [.value(200, 1), .failure(200, "boom")]))
        for script in Scripts.standard where script.temperature == .hot {
            parity.expect(script, rx: rx, combine: combine)
        }
    }

    // RxRelay `ReplayRelay.create(bufferSize:)`: a replaying relay that never terminates. CombineKitExt
    // has no replaying relay; `ReplayingSubject<_, Never>` fed with `send` is the counterpart.
    @Test func replayRelay() {
        let parity = Parity()
        for script in [Scripts.plain, Scripts.lateSubscription, Scripts.endless, Scripts.bursts] {
            let feeds = SubjectFeeds()
            parity.expect(script,
                          rx: { input in
                              let relay = ReplayRelay<Int>.create(bufferSize: 2)
                              _ = input.subscribe(onNext: { relay.accept($0) })
                              return relay.asObservable()
                          },
                          combine: { input in
                              let subject = ReplayingSubject<Int, Never>(bufferSize: 2)
                              feeds.keep(subject, input.sink(receiveCompletion: { _ in }, receiveValue: { subject.send($0) }))
                              return subject
                          })
            feeds.cancelAll()
        }
    }

    // RxRelay `PublishRelay` bound to a source (`bind(to:)`): the source's completion does not reach the
    // relay / CombineKitExt `PassthroughRelay` fed with `subscribe(_:)`, which "swallows the completion".
    @Test func passthroughRelay() {
        let parity = Parity()
        for script in [Scripts.plain, Scripts.lateSubscription, Scripts.endless, Scripts.bursts, Scripts.earlyCompletion] {
            let feeds = SubjectFeeds()
            parity.expect(script,
                          rx: { input in
                              let relay = PublishRelay<Int>()
                              _ = input.bind(to: relay)
                              return relay.asObservable()
                          },
                          combine: { input in
                              let relay = PassthroughRelay<Int>()
                              feeds.keep(relay, input.assertNoFailure().subscribe(relay))
                              return relay
                          })
            feeds.cancelAll()
        }
    }

    // RxRelay `BehaviorRelay` bound to a source: a new subscriber first gets the current value; the
    // source's completion does not reach the relay / CombineKitExt `CurrentValueRelay`.
    @Test func currentValueRelay() {
        let parity = Parity()
        for script in [Scripts.plain, Scripts.lateSubscription, Scripts.endless, Scripts.bursts, Scripts.earlyCompletion] {
            let feeds = SubjectFeeds()
            parity.expect(script,
                          rx: { input in
                              let relay = BehaviorRelay<Int>(value: 0)
                              _ = input.bind(to: relay)
                              return relay.asObservable()
                          },
                          combine: { input in
                              let relay = CurrentValueRelay<Int>(0)
                              feeds.keep(relay, input.assertNoFailure().subscribe(relay))
                              return relay
                          })
            feeds.cancelAll()
        }
        let feeds = SubjectFeeds()
        defer { feeds.cancelAll() }
        parity.expect(Scripts.lateSubscription,
                      rx: { input in
                          let relay = BehaviorRelay<Int>(value: 0)
                          _ = input.bind(to: relay)
                          return relay.asObservable()
                      },
                      combine: { input in
                          let relay = CurrentValueRelay<Int>(0)
                          feeds.keep(relay, input.assertNoFailure().subscribe(relay))
                          return relay
                      },
                      .same(as: [.value(200, 8), .value(210, 1), .value(220, 2)]))
    }
}
