// The results file (Benchmarks/RESULTS.md, `--results PATH`): a run's tables with what they were measured on
// and with, so that the numbers in the repository always come from one run of the harness. Each write
// replaces the file; nothing is appended.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MallocCounter

enum ResultsFile {
    /// The whole file: a header describing the run, then `tables` (the lines printed on stdout).
    static func document(configuration: String, method: String, scope: String, tables: [String],
                         chartFileName: String) -> [String] {
        let allocations = malloc_counter_is_available() == 1
            ? "counted in the warm-up round" : "not counted on this platform (n/a)"
        return [
            "# Benchmark results",
            "",
            "Written by `reactive-bench --results` (`./run.sh` passes it on a full run) and replaced by the next",
            "such run; do not edit by hand. What the scenarios measure and how to read the tables: README.md.",
            "",
            "- Date: \(Harness.utcNow(format: "%Y-%m-%d %H:%M UTC"))",
            "- Machine: \(machine())",
            "- Swift: \(commandOutput("swift --version 2>/dev/null | head -n 1") ?? "unknown")",
            "- Configuration: \(configuration); \(method); allocations \(allocations)",
            "- Scope: \(scope)",
            "- Commit: \(commit())",
            "",
            "Time per event relative to the floor (log scale; below 1× is faster than the hand-written closures):",
            "",
            "![Each implementation's time per scenario relative to the floor](\(chartFileName))",
            "",
        ] + tables
    }

    /// The chart written next to the results file: RESULTS.md → results-chart.svg,
    /// RESULTS-cmo.md → results-cmo-chart.svg.
    static func chartPath(besides resultsPath: String) -> String {
        var parts = resultsPath.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        var name = parts.removeLast().lowercased()
        if name.hasSuffix(".md") { name.removeLast(3) }
        return (parts + [name + "-chart.svg"]).joined(separator: "/")
    }

    /// The last component of `path`.
    static func fileName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    /// Writes `lines` to `path` through a temporary file renamed over it, so a reader never sees half a file.
    static func write(_ lines: [String], to path: String) -> Bool {
        let temporary = path + ".partial"
        guard let file = fopen(temporary, "w") else { return false }
        var written = true
        for line in lines where fputs(line + "\n", file) < 0 { written = false }
        if fclose(file) != 0 { written = false }
        guard written, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// `uname -m`, cores, memory, processor model and kernel.
    static func machine() -> String {
        let pages = Double(sysconf(Int32(_SC_PHYS_PAGES)))
        let pageSize = Double(sysconf(Int32(_SC_PAGESIZE)))
        let gibibytes = Harness.format(pages * pageSize / 1_073_741_824)
        var parts = [
            commandOutput("uname -m") ?? "unknown architecture",
            "\(Harness.processorCount()) cores",
            "\(gibibytes) GiB memory",
        ]
        let model = commandOutput("grep -m 1 'model name' /proc/cpuinfo 2>/dev/null | cut -d : -f 2-")
            ?? commandOutput("sysctl -n machdep.cpu.brand_string 2>/dev/null")
        if let model { parts.append(model) }
        if let system = commandOutput("uname -sr") { parts.append(system) }
        return parts.joined(separator: ", ")
    }

    /// The repository's commit (the main package and the benchmarks are one repository), marked when the
    /// working tree differs from it in anything but the results files and their charts.
    static func commit() -> String {
        // This file is Benchmarks/Sources/reactive-bench/ResultsFile.swift: the repository is four levels up.
        let root = String(#filePath).split(separator: "/", omittingEmptySubsequences: false).dropLast(4)
            .joined(separator: "/")
        let git = "git -C '\(root)'"
        guard let hash = commandOutput("\(git) rev-parse --short=12 HEAD 2>/dev/null") else { return "unknown" }
        let changes = commandOutput(
            "\(git) status --porcelain --untracked-files=no -- . ':(exclude,glob)Benchmarks/RESULTS*.md' "
                + "':(exclude,glob)Benchmarks/results*-chart.svg' 2>/dev/null")
        return changes == nil ? hash : hash + " with uncommitted changes"
    }

    /// What `command` (run by `sh`) prints, trimmed; nil if it fails or prints nothing.
    static func commandOutput(_ command: String) -> String? {
        guard let pipe = popen(command, "r") else { return nil }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            let count = fread(&buffer, 1, buffer.count, pipe)
            if count == 0 { break }
            output += buffer[..<count]
        }
        guard pclose(pipe) == 0 else { return nil }
        let text = String(decoding: output, as: UTF8.self)
        let trimmed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return trimmed.isEmpty ? nil : trimmed
    }
}
