import ArgumentParser
import Foundation
import MigratorCore

@main
struct RxMigrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rxmigrate",
        abstract: "Inventory an RxSwift codebase, switch it to RxKit, and convert Rx-style code to Combine style.",
        discussion: "Exit status: 0 success; 1 some files could not be read, parsed or written (each is reported with its path and "
            + "the reason; the others were processed); 64 bad usage.",
        subcommands: [Scan.self, Adopt.self, Convert.self])
}

/// Exit status when some files failed: the run went on with the others.
let someFilesFailed = ExitCode(1)

/// Writes to standard error.
func warn(_ message: String) {
    fflush(nil)
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// A progress line on standard error when it is a terminal; nothing otherwise.
final class ProgressLine: @unchecked Sendable {
    private let lock = NSLock()
    private var last = Date.distantPast
    let enabled = isatty(STDERR_FILENO) == 1

    func update(_ done: Int, _ total: Int) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = Date()
        guard done == total || now.timeIntervalSince(last) > 0.1 else { return }
        last = now
        FileHandle.standardError.write(Data("\r\u{1B}[Kscanning: \(done)/\(total) files".utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

func reportProblems(_ problems: [FileProblem]) {
    for problem in problems { warn("rxmigrate: \(problem.path): \(problem.reason)") }
}

/// Prints a run's output and messages; a run with problems exits with status 1.
func finish(_ run: RunOutput) throws {
    FileHandle.standardOutput.write(Data(run.output.utf8))
    for message in run.messages { warn(message) }
    reportProblems(run.problems)
    if run.exitStatus != 0 { throw someFilesFailed }
}
