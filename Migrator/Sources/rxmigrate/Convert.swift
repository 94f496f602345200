import ArgumentParser
import MigratorCore

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert Rx-style code to Combine style (CombineKit, CombineKitExt) where the migration table says it is exact.",
        discussion: "Everything else is left as it is with a `// MIGRATE: <what to decide> (MigrationGuide.md#section)` note at the "
            + "site. Prints the converted files (or a unified diff with --diff); --in-place rewrites them. A file that cannot be "
            + "read or parsed is reported and left untouched.")

    @Argument(help: "Swift files (or directories) to convert together.")
    var files: [String]

    @Flag(help: "Print a unified diff.")
    var diff = false

    @Flag(help: "Rewrite the files.")
    var inPlace = false

    @Option(help: "Skip (and report) files larger than this.")
    var maxFileBytes = SourceFiles.defaultMaximumBytes

    func validate() throws {
        if diff && inPlace { throw ValidationError("--diff and --in-place exclude each other") }
    }

    func run() throws {
        try finish(Runs.convert(files, mode: diff ? .diff : inPlace ? .inPlace : .print, maximumBytes: maxFileBytes))
    }
}
