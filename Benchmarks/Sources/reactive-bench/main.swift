// reactive-bench: see Benchmarks/README.md.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

exit(Harness.main(Array(CommandLine.arguments.dropFirst())))
