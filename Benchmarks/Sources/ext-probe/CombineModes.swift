import CombineKit
import CombineKitExt

// The CombineKitExt modes (and CombineKit's map, for reference): a PassthroughSubject pumped through one
// operator into a sink. Kept in a file of its own so that CombineKit's names and RxKit's do not meet.

/// The CombineKit(Ext) modes.
let combineModes = ["map", "pairwise", "enumerated", "mapToVoid", "onDispose", "startWith", "flatMapLatest",
                    "flatMapFirst", "concatMap", "materialize", "dematerialize", "shareReplay", "replayingSubject",
                    "create", "mergeAll", "combineLatestMany", "zipMany", "amb", "retryWhen"]

struct ProbeError: Error {}

/// Runs CombineKit(Ext) mode `mode` with `n` values; returns the sum the sink saw.
func runCombine(_ mode: String, _ n: Int) -> Int {
    var sum = 0
    let subject = PassthroughSubject<Int, Never>()
    let replaying = ReplayingSubject<Int, Never>(bufferSize: 1)
    let other = CurrentValueSubject<Int, Never>(0)
    var emitter: PublisherEmitter<Int, Never>?
    let cancellable: AnyCancellable
    switch mode {
    case "map": cancellable = subject.map { $0 &+ 1 }.sink { sum &+= $0 }
    case "enumerated": cancellable = subject.enumerated().sink { sum &+= $0.element }
    case "mapToVoid": cancellable = subject.mapToVoid().sink { sum &+= 1 }
    case "onDispose": cancellable = subject.onDispose {}.sink { sum &+= $0 }
    case "shareReplay": cancellable = subject.share(replay: 1).sink { sum &+= $0 }
    case "replayingSubject": cancellable = replaying.sink { sum &+= $0 }
    case "materialize": cancellable = subject.materialize().sink { if case .value(let v) = $0 { sum &+= v } }
    case "create":
        cancellable = AnyPublisher<Int, Never>.create { made in
            emitter = made
            return AnyCancellable {}
        }.sink { sum &+= $0 }
    case "mergeAll": cancellable = [subject.eraseToAnyPublisher(), other.eraseToAnyPublisher()].merge().sink { sum &+= $0 }
    case "combineLatestMany":
        cancellable = [subject.eraseToAnyPublisher(), other.eraseToAnyPublisher()].combineLatest().sink { sum &+= $0[0] }
    case "zipMany":  // the second source gets one value per value of the first, so every send makes a row
        let second = PassthroughSubject<Int, Never>()
        cancellable = [subject.handleEvents(receiveOutput: { second.send($0) }).eraseToAnyPublisher(),
                       second.eraseToAnyPublisher()].zip().sink { sum &+= $0[1] }
    case "amb": cancellable = subject.amb(Empty(completeImmediately: false)).sink { sum &+= $0 }
    case "retryWhen":
        cancellable = subject.setFailureType(to: ProbeError.self).retry { failures in failures.map { _ in 0 }.setFailureType(to: ProbeError.self) }
            .sink(receiveCompletion: { _ in }, receiveValue: { sum &+= $0 })
    case "pairwise": cancellable = subject.pairwise().sink { sum &+= $0.1 }
    case "startWith": cancellable = subject.startWith(1).sink { sum &+= $0 }
    case "flatMapLatest": cancellable = subject.flatMapLatest { Just($0) }.sink { sum &+= $0 }
    case "flatMapFirst": cancellable = subject.flatMapFirst { Just($0) }.sink { sum &+= $0 }
    case "concatMap": cancellable = subject.concatMap { Just($0) }.sink { sum &+= $0 }
    default: cancellable = subject.map { PublisherEvent<Int, Never>.value($0) }.dematerialize().sink { sum &+= $0 }
    }
    if mode == "replayingSubject" {
        for i in 0..<n { replaying.send(i) }
    } else if mode == "create" {
        for i in 0..<n { emitter!.send(i) }
    } else {
        for i in 0..<n { subject.send(i) }
    }
    cancellable.cancel()
    return sum
}
