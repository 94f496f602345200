#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CombineKit
import CombineKitExt

// Pumps n values from a PassthroughSubject through one CombineKitExt operator into a sink and prints a
// checksum. Not a benchmark scenario (the operators have no counterpart in every implementation): a
// target for `./probe-ext.sh`, which counts its instructions per value with callgrind.
//   ext-probe MODE N      MODE: one of `modes` below ("map" is CombineKit's own map, for reference;
//                         "replayingSubject" sends through a ReplayingSubject(bufferSize: 1) instead)

let arguments = CommandLine.arguments
let modes = ["map", "pairwise", "enumerated", "mapToVoid", "onDispose", "startWith", "flatMapLatest", "flatMapFirst",
             "concatMap", "dematerialize", "shareReplay", "replayingSubject"]
guard arguments.count == 3, let n = Int(arguments[2]), n >= 0, modes.contains(arguments[1]) else {
    print("usage: ext-probe MODE N   (MODE: \(modes.joined(separator: ", ")); N: values to send, >= 0)")
    exit(2)
}
var sum = 0
let subject = PassthroughSubject<Int, Never>()
let replaying = ReplayingSubject<Int, Never>(bufferSize: 1)
let cancellable: AnyCancellable
switch arguments[1] {
case "map": cancellable = subject.map { $0 &+ 1 }.sink { sum &+= $0 }
case "enumerated": cancellable = subject.enumerated().sink { sum &+= $0.element }
case "mapToVoid": cancellable = subject.mapToVoid().sink { sum &+= 1 }
case "onDispose": cancellable = subject.onDispose {}.sink { sum &+= $0 }
case "shareReplay": cancellable = subject.share(replay: 1).sink { sum &+= $0 }
case "replayingSubject": cancellable = replaying.sink { sum &+= $0 }
case "pairwise": cancellable = subject.pairwise().sink { sum &+= $0.1 }
case "startWith": cancellable = subject.startWith(1).sink { sum &+= $0 }
case "flatMapLatest": cancellable = subject.flatMapLatest { Just($0) }.sink { sum &+= $0 }
case "flatMapFirst": cancellable = subject.flatMapFirst { Just($0) }.sink { sum &+= $0 }
case "concatMap": cancellable = subject.concatMap { Just($0) }.sink { sum &+= $0 }
default: cancellable = subject.map { PublisherEvent<Int, Never>.value($0) }.dematerialize().sink { sum &+= $0 }
}
if arguments[1] == "replayingSubject" {
    for i in 0..<n { replaying.send(i) }
} else {
    for i in 0..<n { subject.send(i) }
}
cancellable.cancel()
print(sum)
