#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CombineKit
import CombineKitExt

// Pumps n values from a PassthroughSubject through one CombineKitExt operator into a sink and prints a
// checksum (exit 1 if it is not the one every value delivered once gives). Not a benchmark scenario (the operators have no counterpart in every implementation): a
// target for `./probe-ext.sh`, which counts its instructions per value with callgrind.
//   ext-probe --modes     lists the modes
//   ext-probe MODE N      MODE: one of `modes` below ("map" is CombineKit's own map, for reference;
//                         "replayingSubject" sends through a ReplayingSubject(bufferSize: 1) instead)

let arguments = CommandLine.arguments
let modes = ["map", "pairwise", "enumerated", "mapToVoid", "onDispose", "startWith", "flatMapLatest", "flatMapFirst",
             "concatMap", "materialize", "dematerialize", "shareReplay", "replayingSubject", "create", "mergeAll",
             "combineLatestMany", "zipMany", "amb", "retryWhen"]
if arguments.count == 2, arguments[1] == "--modes" {  // one per line, for probe-ext.sh and CI
    modes.forEach { print($0) }
    exit(0)
}
guard arguments.count == 3, let n = Int(arguments[2]), n >= 0, modes.contains(arguments[1]) else {
    print("usage: ext-probe MODE N | ext-probe --modes   (MODE: \(modes.joined(separator: ", ")); N: values to send, >= 0)")
    exit(2)
}
var sum = 0
struct ProbeError: Error {}
let subject = PassthroughSubject<Int, Never>()
let replaying = ReplayingSubject<Int, Never>(bufferSize: 1)
let other = CurrentValueSubject<Int, Never>(0)
nonisolated(unsafe) var emitter: PublisherEmitter<Int, Never>?
let cancellable: AnyCancellable
switch arguments[1] {
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
if arguments[1] == "replayingSubject" {
    for i in 0..<n { replaying.send(i) }
} else if arguments[1] == "create" {
    for i in 0..<n { emitter!.send(i) }
} else {
    for i in 0..<n { subject.send(i) }
}
cancellable.cancel()
// Every mode delivers each sent value once (pairwise: each but the first, paired with the one before), so
// the sum is known in advance; a mismatch means an operator lost or duplicated values.
let sumOfSent = n * (n - 1) / 2
let expected: Int
switch arguments[1] {
case "map": expected = sumOfSent + n
case "mapToVoid": expected = n
case "startWith": expected = sumOfSent + 1
default: expected = sumOfSent
}
print(sum)
if sum != expected {
    print("ext-probe: \(arguments[1]) summed \(sum), expected \(expected)")
    exit(1)
}
