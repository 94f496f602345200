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

/// Utility rows of the migration table.
@Suite struct UtilityParityTests {
    // RxSwift `do(onNext:onError:onCompleted:onSubscribe:)` / Apple `handleEvents(receiveSubscription:
    // receiveOutput:receiveCompletion:)`: the side effects run before the event is forwarded. The side
    // effects are logged into a subject merged into the output, so their order and time show.
    @Test func doOperator() {
        let parity = Parity()
        let rx: (Observable<Int>) -> Observable<String> = { input in
            let log = PublishSubject<String>()
            let main = input.do(onNext: { log.onNext("next \($0)") },
                                onError: { log.onNext("error \($0)"); log.onCompleted() },
                                onCompleted: { log.onNext("completed"); log.onCompleted() },
                                onSubscribe: { log.onNext("subscribe") })
            return Observable.merge(log, main.map { "value \($0)" })
        }
        let combine: (AnyPublisher<Int, ParityError>) -> AnyPublisher<String, ParityError> = { input in
            let log = PassthroughSubject<String, ParityError>()
            let main = input.handleEvents(receiveSubscription: { _ in log.send("subscribe") },
                                          receiveOutput: { log.send("next \($0)") },
                                          receiveCompletion: { completion in
                                              switch completion {
                                              case .finished: log.send("completed")
                                              case .failure(let error): log.send("error \(error)")
                                              }
                                              log.send(completion: .finished)
                                          })
            return log.merge(with: main.map { "value \($0)" }).eraseToAnyPublisher()
        }
        parity.expect(Scripts.earlyCompletion, rx: rx, combine: combine,
                      .same(as: [.value(200, "subscribe"), .value(210, "next 1"), .value(210, "value 1"), .value(215, "completed"), .finished(215)]))
        parity.expectEach(Scripts.standard, rx: rx, combine: combine)
    }

    // RxSwift `do(onDispose:)` runs when the subscription ends, by a terminal event or disposal /
    // CombineKitExt `onDispose` ("runs once on finish, failure or cancel"). The events pass unchanged;
    // the action's run count is checked after each run.
    @Test func onDispose() {
        let parity = Parity()
        for script in [Scripts.plain, Scripts.failure, Scripts.earlyCompletion, Scripts.empty] {
            let rxCount = Counter(), combineCount = Counter()
            parity.expect(script,
                          rx: { input in input.do(onDispose: { rxCount.value += 1 }) },
                          combine: { input in input.onDispose { combineCount.value += 1 } })
            #expect(rxCount.value == 1, "do(onDispose:) ran \(rxCount.value) times on \"\(script.name)\"")
            #expect(combineCount.value == 1, "onDispose ran \(combineCount.value) times on \"\(script.name)\"")
        }
        // Disposal by the subscriber (at 1000) runs it too.
        let rxCount = Counter(), combineCount = Counter()
        parity.expect(Scripts.endless,
                      rx: { input in input.do(onDispose: { rxCount.value += 1 }) },
                      combine: { input in input.onDispose { combineCount.value += 1 } },
                      .same(as: [.value(210, 1), .value(220, 2)]))
        #expect(rxCount.value == 1 && combineCount.value == 1, "on cancel: Rx \(rxCount.value), Combine \(combineCount.value)")
    }

    // RxSwift `debug(_:)` / Apple `print(_:to:)`: both log every event and pass it through unchanged (their
    // log formats differ and are not compared).
    @Test func debug() {
        let parity = Parity()
        var combineLog = ""
        parity.expect(Scripts.earlyCompletion, rx: { $0.debug("parity") }, combine: { $0.print("parity", to: LogStream { combineLog += $0 }) },
                      .same(as: [.value(210, 1), .finished(215)]))
        #expect(combineLog.contains("parity: receive value: (1)"))
    }
}

/// A mutable count shared with a pipeline's closures.
final class Counter {
    var value = 0
}

/// A text stream that hands what is written to a closure.
struct LogStream: TextOutputStream {
    let write: (String) -> Void
    init(_ write: @escaping (String) -> Void) { self.write = write }
    mutating func write(_ string: String) { write(string) }
}
