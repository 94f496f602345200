// Runs the scenarios: alternates implementations round by round (A B C A B C …), takes medians, checks that
// every implementation computed the same checksum, and prints markdown tables (and, with `--results PATH`,
// writes them with a description of the run to PATH: see ResultsFile.swift).
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MallocCounter

struct Options {
    var quick = false
    var scenarioIDs: Set<String>?
    var implementationNames: Set<String>?
    var rounds: Int?
    var count: Int?
    var label = "release"
    var resultsPath: String?

    static let usage = """
        usage: reactive-bench [--quick] [--filter S1,S2,…] [--impl floor,RxKit,…] [--rounds N] [--count N]
                              [--label TEXT] [--results PATH]
          --quick    small counts and 3 rounds (a smoke run, well under a minute)
          --filter   run only these scenario ids
          --impl     run only these implementations (floor, RxKit, CombineKit, OpenCombine, Rx→Combine,
                     Combine→Rx; "->" may stand for "→", e.g. Rx->Combine); for profiling
          --rounds   timed rounds per implementation (default 7, quick 3)
          --count    the scenario's size n instead of its default (for profiling)
          --label    the build configuration, printed in the header (run.sh passes it)
          --results  also write the tables, with the date, machine, Swift version, configuration and
                     commit, to PATH (replacing it; run.sh passes Benchmarks/RESULTS.md on a full run)
        Exits 1 if implementations disagree on a checksum (PATH is then left alone), 2 on bad arguments,
        3 if PATH cannot be written.
        """

    init(arguments: [String]) throws(UsageError) {
        var rest = arguments[...]
        func value(for flag: String) throws(UsageError) -> String {
            guard let value = rest.popFirst() else { throw UsageError(message: "\(flag) needs a value") }
            return value
        }
        func list(_ text: String) -> Set<String> {
            Set(text.split(separator: ",").map { String($0) })
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--filter": scenarioIDs = list(try value(for: argument))
            case "--impl":
                // "Rx->Combine" is easier to type than "Rx→Combine".
                implementationNames = Set(list(try value(for: argument)).map { $0.replacing("->", with: "→") })
            case "--rounds":
                guard let count = Int(try value(for: argument)), count > 0 else {
                    throw UsageError(message: "--rounds needs a positive number")
                }
                rounds = count
            case "--count":
                guard let size = Int(try value(for: argument)), size > 0 else {
                    throw UsageError(message: "--count needs a positive number")
                }
                count = size
            case "--label": label = try value(for: argument)
            case "--results": resultsPath = try value(for: argument)
            case "--help", "-h": throw UsageError(message: nil)
            default: throw UsageError(message: "unknown argument \(argument)")
            }
        }
    }
}

struct UsageError: Error {
    let message: String?
}

struct Implementation {
    let name: String
    let workloads: Workloads
}

/// One implementation's result on one scenario.
struct Measured {
    let nanosecondsPerEvent: Double
    let allocationsPerEvent: Double?
    /// The scenario's `MemoryMeasure` figure (nil where it has none or allocations are not counted).
    let memory: Double?
    /// Live bytes after the workload returned minus before it began (memory scenarios only).
    let bytesLeftAfterDispose: Int64?
}

/// One scenario's results, by implementation name; nil where the implementation lacks the scenario.
struct Row {
    let scenario: Scenario
    let results: [String: Measured]
}

enum Harness {
    static func makeImplementations() -> [Implementation] { [
        Implementation(name: "floor", workloads: FloorBench.workloads()),
        Implementation(name: "RxKit", workloads: RxKitBench.workloads()),
        Implementation(name: "CombineKit", workloads: CombineKitBench.workloads()),
        Implementation(name: "OpenCombine", workloads: OpenCombineBench.workloads()),
        Implementation(name: BridgeNames.rxToCombine, workloads: RxToCombineBench.workloads()),
        Implementation(name: BridgeNames.combineToRx, workloads: CombineToRxBench.workloads()),
    ] }

    /// The ratio columns: (numerator, denominator). The two bridged/native ones compare a bridged chain
    /// with the native chain on its operators' side: Rx→Combine runs CombineKit operators, Combine→Rx
    /// runs RxKit operators.
    static let ratioColumns: [(String, String)] = [
        ("CombineKit", "OpenCombine"), ("RxKit", "OpenCombine"), ("RxKit", "CombineKit"),
        (BridgeNames.rxToCombine, "CombineKit"), (BridgeNames.combineToRx, "RxKit"),
        ("RxKit", "floor"), ("CombineKit", "floor"), ("OpenCombine", "floor"),
    ]

    static func main(_ arguments: [String]) -> Int32 {
        let options: Options
        do {
            options = try Options(arguments: arguments)
        } catch {
            if let message = error.message { print("reactive-bench: \(message)") }
            print(Options.usage)
            return error.message == nil ? 0 : 2
        }
        let rounds = options.rounds ?? (options.quick ? 3 : 7)
        let implementations = makeImplementations()
        if let requested = options.implementationNames {
            let unknown = requested.subtracting(implementations.map(\.name))
            if !unknown.isEmpty {
                print("reactive-bench: unknown implementation \(unknown.sorted().joined(separator: ", ")); "
                    + "known: \(implementations.map(\.name).joined(separator: ", "))")
                return 2
            }
        }
        let method = "\(options.quick ? "quick" : "full") mode, median of \(rounds) alternating rounds, "
            + "thread CPU time (wall-clock in the rows marked so)"
        print("# reactive-bench — \(utcNow(format: "%Y-%m-%d")), \(processorCount()) cores, "
            + "\(options.label), \(method)")
        print("")

        var rows: [Row] = []
        var pending: [Scenario] = []
        var mismatches: [String] = []
        for scenario in Catalogue.scenarios where options.scenarioIDs?.contains(scenario.id) ?? true {
            let runnable = implementations.filter { implementation in
                implementation.workloads[scenario.id] != nil
                    && (options.implementationNames?.contains(implementation.name) ?? true)
            }
            let hasBothNative = ["RxKit", "CombineKit"].allSatisfy { name in
                implementations.first { $0.name == name }?.workloads[scenario.id] != nil
            }
            guard hasBothNative, !runnable.isEmpty else {
                pending.append(scenario)
                continue
            }
            let count = options.count ?? (options.quick ? scenario.quickCount : scenario.fullCount)
            switch measure(scenario, count: count, rounds: rounds, implementations: runnable) {
            case .success(let row):
                rows.append(row)
                print("measured \(scenario.id): "
                    + runnable.map { "\($0.name) \(format(row.results[$0.name]!.nanosecondsPerEvent)) ns" }
                    .joined(separator: ", "))
            case .failure(let mismatch):
                mismatches.append(mismatch.description)
                print(mismatch.description)
            }
        }

        print("")
        let tables = tableLines(rows, names: implementations.map(\.name), pending: pending)
        for line in tables { print(line) }
        if !mismatches.isEmpty {
            print("")
            print("FAILED: checksums disagree, so these scenarios are not reported:")
            for mismatch in mismatches { print("  \(mismatch)") }
            return 1
        }
        if let path = options.resultsPath {
            let chartPath = ResultsFile.chartPath(besides: path)
            let chart = ResultsChart.svg(rows, names: implementations.map(\.name))
            let document = ResultsFile.document(configuration: options.label, method: method,
                                                scope: scopeDescription(options), tables: tables,
                                                chartFileName: ResultsFile.fileName(chartPath))
            guard ResultsFile.write([chart], to: chartPath) else {
                print("reactive-bench: could not write \(chartPath)")
                return 3
            }
            guard ResultsFile.write(document, to: path) else {
                print("reactive-bench: could not write \(path)")
                return 3
            }
            print("")
            print("results written to \(path) and \(chartPath)")
        }
        return 0
    }

    struct ChecksumMismatch: Error, CustomStringConvertible {
        let scenario: String
        let expected: (name: String, checksum: UInt64)
        let actual: (name: String, checksum: UInt64)

        var description: String {
            "CHECKSUM MISMATCH in \(scenario): \(expected.name) computed 0x\(String(expected.checksum, radix: 16)), "
                + "\(actual.name) computed 0x\(String(actual.checksum, radix: 16))"
        }
    }

    /// Round 0 warms up and counts allocations (counting on); rounds 1…rounds are timed (counting off).
    /// Within a round the implementations run one after another, so they alternate across rounds.
    /// A memory scenario first runs each implementation once uncounted, so that what the first run of a
    /// chain allocates for good (generic metadata, lazily made globals) does not count as left behind.
    static func measure(_ scenario: Scenario, count: Int, rounds: Int,
                        implementations: [Implementation]) -> Result<Row, ChecksumMismatch> {
        var reference: (name: String, checksum: UInt64)?
        var allocations: [String: UInt64] = [:]
        var memory: [String: Double] = [:]
        var bytesLeft: [String: Int64] = [:]
        var times: [String: [Double]] = [:]
        let clock = scenario.wallClock ? wallClockNanoseconds : threadCPUNanoseconds
        if scenario.memory != nil {
            for implementation in implementations { _ = implementation.workloads[scenario.id]!(count) }
        }
        for round in 0...rounds {
            for implementation in implementations {
                let work = implementation.workloads[scenario.id]!
                let countsAllocations = round == 0
                let allocationsBefore = malloc_counter_count()
                let liveBefore = malloc_counter_live_bytes()
                MemoryProbe.liveBytesAtMark = nil
                if countsAllocations {
                    malloc_counter_reset_peak()
                    malloc_counter_set_enabled(1)
                }
                let start = clock()
                let checksum = work(count)
                let elapsed = clock() - start
                if countsAllocations {
                    malloc_counter_set_enabled(0)
                    allocations[implementation.name] = malloc_counter_count() - allocationsBefore
                    switch scenario.memory {
                    case .bytesPerLiveSubscription?:
                        if let mark = MemoryProbe.liveBytesAtMark {
                            memory[implementation.name] = Double(mark - liveBefore) / Double(count)
                        }
                    case .peakKibibytes?:
                        memory[implementation.name] = Double(malloc_counter_peak_live_bytes() - liveBefore) / 1024
                    case nil:
                        break
                    }
                    if scenario.memory != nil {
                        bytesLeft[implementation.name] = malloc_counter_live_bytes() - liveBefore
                    }
                } else {
                    times[implementation.name, default: []].append(Double(elapsed))
                }
                if let reference {
                    if checksum != reference.checksum {
                        return .failure(ChecksumMismatch(scenario: scenario.id, expected: reference,
                                                         actual: (implementation.name, checksum)))
                    }
                } else {
                    reference = (implementation.name, checksum)
                }
            }
        }
        let events = Double(count * scenario.eventsPerUnit)
        var results: [String: Measured] = [:]
        let counted = malloc_counter_is_available() == 1
        for implementation in implementations {
            let allocationsPerEvent = counted ? Double(allocations[implementation.name]!) / events : nil
            results[implementation.name] = Measured(
                nanosecondsPerEvent: median(times[implementation.name]!) / events,
                allocationsPerEvent: allocationsPerEvent,
                memory: counted ? memory[implementation.name] : nil,
                bytesLeftAfterDispose: counted ? bytesLeft[implementation.name] : nil)
        }
        return .success(Row(scenario: scenario, results: results))
    }

    /// What a run covered, for the results file: everything, or what `--filter`, `--impl` and `--count`
    /// narrowed it to.
    static func scopeDescription(_ options: Options) -> String {
        var limits: [String] = []
        if let ids = options.scenarioIDs { limits.append("scenarios " + ids.sorted().joined(separator: ", ")) }
        if let names = options.implementationNames {
            limits.append("implementations " + names.sorted().joined(separator: ", "))
        }
        if let count = options.count { limits.append("n = \(count) in every scenario") }
        return limits.isEmpty ? "every scenario and implementation" : "only " + limits.joined(separator: "; ")
    }

    /// The results as markdown lines: the ns/event table with its ratios, the allocations table, and the
    /// scenarios not run.
    static func tableLines(_ rows: [Row], names: [String], pending: [Scenario]) -> [String] {
        var lines: [String] = []
        func add(_ line: String) { lines.append(line) }
        func ratio(_ row: Row, _ numerator: String, _ denominator: String) -> String {
            guard let top = row.results[numerator], let bottom = row.results[denominator] else { return "n/a" }
            return format(top.nanosecondsPerEvent / bottom.nanosecondsPerEvent) + "×"
        }
        func cell(_ row: Row, _ name: String, _ value: (Measured) -> Double?) -> String {
            guard let measured = row.results[name] else { return "n/a" }
            return value(measured).map { format($0) } ?? "n/a"
        }

        add("## ns/event (median) and ratios")
        add("")
        add("Bridged/native ratios: \(BridgeNames.rxToCombine)/CombineKit and \(BridgeNames.combineToRx)/RxKit "
            + "(each bridged chain against the native chain whose operators it runs).")
        add("")
        add("| id | scenario | " + names.joined(separator: " | ") + " | "
            + ratioColumns.map { "\($0.0)/\($0.1)" }.joined(separator: " | ") + " |")
        add("|---|---|" + String(repeating: "--:|", count: names.count + ratioColumns.count))
        for row in rows {
            let times = names.map { cell(row, $0) { $0.nanosecondsPerEvent } }
            let ratios = ratioColumns.map { ratio(row, $0.0, $0.1) }
            add("| \(row.scenario.id) | \(row.scenario.title) | " + (times + ratios).joined(separator: " | ") + " |")
        }
        add("")
        add("## heap allocations/event")
        add("")
        add("| id | event | " + names.joined(separator: " | ") + " |")
        add("|---|---|" + String(repeating: "--:|", count: names.count))
        for row in rows {
            let allocations = names.map { cell(row, $0) { $0.allocationsPerEvent } }
            add("| \(row.scenario.id) | \(row.scenario.event) | " + allocations.joined(separator: " | ") + " |")
        }
        let memoryRows = rows.filter { $0.scenario.memory != nil }
        if !memoryRows.isEmpty {
            let memoryRatios = [("CombineKit", "OpenCombine"), ("RxKit", "OpenCombine")]
            func memoryRatio(_ row: Row, _ numerator: String, _ denominator: String) -> String {
                guard let top = row.results[numerator]?.memory, let bottom = row.results[denominator]?.memory,
                      bottom > 0 else { return "n/a" }
                return format(top / bottom) + "×"
            }
            add("")
            add("## memory (heap bytes, usable sizes)")
            add("")
            add("Bytes per live subscription: live bytes with all n subscriptions alive, over n. Peak: the most "
                + "live bytes at any moment of the run. Left after dispose: live bytes when the workload has "
                + "returned minus before it began (0: every byte released).")
            add("")
            add("| id | measure | " + names.joined(separator: " | ") + " | "
                + memoryRatios.map { "\($0.0)/\($0.1)" }.joined(separator: " | ") + " |")
            add("|---|---|" + String(repeating: "--:|", count: names.count + memoryRatios.count))
            for row in memoryRows {
                let measure = row.scenario.memory == .peakKibibytes
                    ? "peak KiB, 10,000 subscriptions" : "bytes per live subscription"
                let figures = names.map { cell(row, $0) { $0.memory } }
                let ratios = memoryRatios.map { memoryRatio(row, $0.0, $0.1) }
                add("| \(row.scenario.id) | \(measure) | " + (figures + ratios).joined(separator: " | ") + " |")
                let left = names.map { name in
                    row.results[name]?.bytesLeftAfterDispose.map { String($0) } ?? "n/a"
                }
                add("| \(row.scenario.id) | bytes left after dispose | " + left.joined(separator: " | ")
                    + String(repeating: " | ", count: memoryRatios.count) + " |")
            }
        }
        if !pending.isEmpty {
            add("")
            add("## not run (waiting for operators)")
            add("")
            for scenario in pending {
                add("- \(scenario.id) \(scenario.title): waiting for \(scenario.needs)")
            }
        }
        return lines
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// CPU time of the calling thread. Every workload runs synchronously on this thread, and on a machine
    /// shared with other builds this leaves out the time the thread spends descheduled, which wall time
    /// would count.
    static func threadCPUNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// Monotonic wall-clock time, for scenarios whose work runs on other threads.
    static func wallClockNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// Three significant digits, at most two decimals: 0.05, 1.23, 12.3, 123, 1234.
    static func format(_ value: Double) -> String {
        if value < 0 { return "-" + format(-value) }
        let decimals = value < 10 ? 2 : value < 100 ? 1 : 0
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        guard decimals > 0 else { return String(scaled) }
        let whole = String(scaled / Int(scale))
        let fraction = String(scaled % Int(scale))
        return whole + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    /// The current UTC time in strftime's `format`.
    static func utcNow(format: String) -> String {
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let length = strftime(&buffer, buffer.count, format, &parts)
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static func processorCount() -> Int {
        sysconf(Int32(_SC_NPROCESSORS_ONLN))
    }
}

/// The names of the bridged implementations, as printed and as `--impl` takes them.
enum BridgeNames {
    /// An RxKit source bridged with `asPublisher()`, CombineKit operators and sink.
    static let rxToCombine = "Rx→Combine"
    /// A CombineKit source bridged with `asObservable()`, RxKit operators and subscriber.
    static let combineToRx = "Combine→Rx"
}
