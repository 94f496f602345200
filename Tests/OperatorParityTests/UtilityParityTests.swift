import CombineKit
import CombineKitExt
import ParityTesting
import RxKit
import Testing

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
