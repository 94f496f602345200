#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Pumps n values from a subject through one operator into a subscriber and prints a checksum (exit 1 if
// it is not the one every value delivered once gives). Not a benchmark scenario (the operators have no
// counterpart in every implementation): a target for `./probe-ext.sh`, which counts its instructions per
// value with callgrind. CombineKitExt's operators (CombineModes.swift; "map" is CombineKit's own, for
// reference) and RxKit's ("rx." modes, RxModes.swift).
//   ext-probe --modes     lists the modes
//   ext-probe MODE N      runs one mode with N values

let arguments = CommandLine.arguments
let modes = combineModes + rxModes
if arguments.count == 2, arguments[1] == "--modes" {  // one per line, for probe-ext.sh and CI
    modes.forEach { print($0) }
    exit(0)
}
guard arguments.count == 3, let n = Int(arguments[2]), n >= 0, modes.contains(arguments[1]) else {
    print("usage: ext-probe MODE N | ext-probe --modes   (MODE: \(modes.joined(separator: ", ")); N: values to send, >= 0)")
    exit(2)
}
let sum = arguments[1].hasPrefix("rx.") ? runRx(arguments[1], n) : runCombine(arguments[1], n)

// Every mode delivers each sent value once (pairwise: each but the first, paired with the one before), so
// the sum is known in advance; a mismatch means an operator lost or duplicated values.
let sumOfSent = n * (n - 1) / 2
let expected: Int
switch arguments[1] {
case "map", "rx.map": expected = sumOfSent + n
case "mapToVoid": expected = n
case "startWith", "rx.startWith": expected = sumOfSent + 1
default: expected = sumOfSent
}
print(sum)
if sum != expected {
    print("ext-probe: \(arguments[1]) summed \(sum), expected \(expected)")
    exit(1)
}
