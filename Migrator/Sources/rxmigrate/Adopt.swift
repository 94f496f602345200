import ArgumentParser
import MigratorCore

struct Adopt: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Switch imports from RxSwift/RxRelay/RxCocoa to RxKit, RxTest to RxKitTest, RxBlocking to RxKitBlocking.",
        discussion: "Rewrites the files in place (or prints a unified diff with --dry-run) and lists what will still not compile: "
            + "RxCocoa's UIKit bindings and APIs RxKit lacks. Running it twice changes nothing the second time.")

    @Argument(help: "Swift files or directories.")
    var paths: [String]

    @Flag(help: "Print a unified diff instead of writing the files.")
    var dryRun = false

    @Option(help: "Skip (and report) files larger than this.")
    var maxFileBytes = SourceFiles.defaultMaximumBytes

    func run() throws {
        try finish(Runs.adopt(paths, dryRun: dryRun, maximumBytes: maxFileBytes))
    }
}
