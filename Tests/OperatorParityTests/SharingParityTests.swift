import CombineKit
import CombineKitExt
import ParityTesting
import RxKit
import Testing

/// Sharing rows of the migration table. The pipeline subscribes a first, silent subscriber when it is
/// built (tick 100), so the recording subscriber (tick 200) is a *late* one: what it sees shows whether
/// the operator replays.
@Suite struct SharingParityTests {
    // RxSwift `share(replay:scope:)` replays the latest `replay` elements to a new subscriber / CombineKitExt
    // `share(replay:scope:)` (same semantics). Apple's `share()` "never replays": it is
    // `multicast(PassthroughSubject())` + `autoconnect()`, so a late subscriber misses what was sent.
    @Test func shareReplay() {
        let parity = Parity()
        let keep = SubjectFeeds()
        defer { keep.cancelAll() }
        let rx: (Observable<Int>) -> Observable<Int> = { input in
            let shared = input.share(replay: 1)
            _ = shared.subscribe(onError: { _ in })
            return shared
        }
        let ext: (AnyPublisher<Int, ParityError>) -> Publishers.ShareReplay<AnyPublisher<Int, ParityError>> = { input in
            let shared = input.share(replay: 1)
            keep.keep(shared, shared.sink(receiveCompletion: { _ in }, receiveValue: { _ in }))
            return shared
        }
        parity.expect(Scripts.lateSubscription, rx: rx, combine: ext,
                      .same(as: ParityTimeline([.value(200, 8), .value(210, 1), .value(220, 2), .finished(300)]).subscribed([100])))
        parity.expectEach(Scripts.standard + [Scripts.bursts], rx: rx, combine: ext)
        // Apple's share(): no replay.
        parity.expect(Scripts.lateSubscription, rx: rx,
                      combine: { input in
                          let shared = input.share()
                          keep.keep(shared, shared.sink(receiveCompletion: { _ in }, receiveValue: { _ in }))
                          return shared
                      },
                      .difference("Rx share(replay: 1) replays the latest element to a late subscriber; Combine share() never replays",
                                  rx: [.value(200, 8), .value(210, 1), .value(220, 2), .finished(300)],
                                  combine: [.value(210, 1), .value(220, 2), .finished(300)]))
    }

    // RxSwift `SubjectLifetimeScope`: `.whileConnected` starts over after the source terminated, `.forever`
    // keeps the subject (a late subscriber gets the replay and the termination) / CombineKitExt
    // `ShareReplayScope`. A cold source completes (at 140) before the recording subscriber arrives.
    @Test func shareReplayScope() {
        let parity = Parity()
        let keep = SubjectFeeds()
        defer { keep.cancelAll() }
        for (rxScope, extScope, expected) in [
            (SubjectLifetimeScope.whileConnected, ShareReplayScope.whileConnected,
             ParityTimeline<Int>([.value(210, 1), .value(220, 2), .value(230, 3), .finished(240)]).subscribed([100, 200])),
            (SubjectLifetimeScope.forever, ShareReplayScope.forever, ParityTimeline<Int>([.value(200, 3), .finished(200)]).subscribed([100])),
        ] {
            parity.expect(Scripts.cold,
                          rx: { input in
                              let shared = input.share(replay: 1, scope: rxScope)
                              _ = shared.subscribe()
                              return shared
                          },
                          combine: { input in
                              let shared = input.share(replay: 1, scope: extScope)
                              keep.keep(shared, shared.sink(receiveCompletion: { _ in }, receiveValue: { _ in }))
                              return shared
                          },
                          .same(as: expected))
        }
    }

    // RxSwift `publish()` + `connect()` / Apple `multicast(subject:)` with a `PassthroughSubject` +
    // `connect()`; RxSwift `replay(_:)` / `multicast(subject:)` with CombineKitExt's `ReplayingSubject`;
    // `refCount()` / `autoconnect()`. Connected when built (tick 100).
    @Test func multicast() {
        let parity = Parity()
        let keep = SubjectFeeds()
        defer { keep.cancelAll() }
        parity.expect(Scripts.lateSubscription,
                      rx: { input in
                          let published = input.publish()
                          _ = published.connect()
                          return published
                      },
                      combine: { input in
                          let subject = PassthroughSubject<Int, ParityError>()
                          let published = input.multicast(subject: subject)
                          keep.keep(subject, AnyCancellable(published.connect()))
                          return published
                      },
                      .same(as: [.value(210, 1), .value(220, 2), .finished(300)]))
        let replayRx: (Observable<Int>) -> Observable<Int> = { input in
            let replayed = input.replay(2)
            _ = replayed.connect()
            return replayed
        }
        let replayCombine: (AnyPublisher<Int, ParityError>) -> Publishers.Multicast<AnyPublisher<Int, ParityError>, ReplayingSubject<Int, ParityError>> = { input in
            let subject = ReplayingSubject<Int, ParityError>(bufferSize: 2)
            let replayed = input.multicast(subject: subject)
            keep.keep(subject, AnyCancellable(replayed.connect()))
            return replayed
        }
        for script in Scripts.standard + [Scripts.bursts] where script.name != Scripts.cold.name {
            parity.expect(script, rx: replayRx, combine: replayCombine)
        }
        // The cold input ends before the subscription. RxSwift's `replay(_:)` is `multicast { ReplaySubject }`:
        // the connection's subject is dropped when the source terminates, so a later subscriber waits on a
        // fresh one (RxSwift MulticastTests, testReplayCount_Complete); Combine's `multicast(subject:)` keeps its
        // one subject, which replays.
        parity.expect(Scripts.cold, rx: replayRx, combine: replayCombine,
                      .difference("Rx replay(_:) drops its subject when the connection ends; Combine multicast(subject:) keeps it",
                                  rx: [], combine: [.value(200, 2), .value(200, 3), .finished(200)]))
        // refCount / autoconnect: connects on the first subscriber (here the recording one, at 200).
        parity.expect(Scripts.cold, rx: { $0.publish().refCount() }, combine: { $0.multicast { PassthroughSubject<Int, ParityError>() }.autoconnect() },
                      .same(as: ParityTimeline([.value(210, 1), .value(220, 2), .value(230, 3), .finished(240)]).subscribed([200])))
        parity.expectEach(Scripts.standard, rx: { $0.publish().refCount() }, combine: { $0.multicast { PassthroughSubject<Int, ParityError>() }.autoconnect() })
    }
}
