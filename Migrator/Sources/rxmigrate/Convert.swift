import ArgumentParser
import Foundation
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
        let (paths, walkProblems) = SourceFiles.collect(files)
        var problems = walkProblems
        var parsed: [(path: String, text: String, tree: SourceFileSyntaxBox)] = []
        for path in paths {
            switch SourceFiles.read(path, maximumBytes: maxFileBytes) {
            case .failure(let problem): problems.append(problem)
            case .success(let text):
                switch SourceFiles.parse(text, path: path) {
                case .failure(let problem): problems.append(problem)
                case .success(let tree): parsed.append((path, text, SourceFileSyntaxBox(tree)))
                }
            }
        }
        var notes = 0
        for (file, result) in zip(parsed, Converter.convert(parsed)) {
            notes += result.notes.count
            if diff {
                print(UnifiedDiff.diff(file.text, result.text, oldName: "a/\(file.path)", newName: "b/\(file.path)"), terminator: "")
            } else if inPlace {
                guard result.changed else { continue }
                do {
                    try Data(result.text.utf8).write(to: URL(fileURLWithPath: file.path), options: .atomic)
                } catch {
                    problems.append(FileProblem(path: file.path, reason: "cannot write (\(error.localizedDescription))"))
                }
            } else {
                if parsed.count > 1 { print("// ==== \(file.path)") }
                print(result.text, terminator: "")
            }
            for note in result.notes { warn("\(file.path):\(note)") }
        }
        warn("rxmigrate convert: \(parsed.count) files, \(notes) MIGRATE notes left to decide")
        reportProblems(problems)
        if !problems.isEmpty { throw someFilesFailed }
    }
}
