import ArgumentParser
import Foundation
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
        let (files, walkProblems) = SourceFiles.collect(paths)
        var problems = walkProblems
        var parsed: [(path: String, text: String, tree: SourceFileSyntaxBox)] = []
        for file in files {
            switch SourceFiles.read(file, maximumBytes: maxFileBytes) {
            case .failure(let problem): problems.append(problem)
            case .success(let text):
                guard text.contains("Rx") else { continue }
                switch SourceFiles.parse(text, path: file) {
                case .failure(let problem): problems.append(problem)
                case .success(let tree): parsed.append((file, text, SourceFileSyntaxBox(tree)))
                }
            }
        }
        var extensions = Set<String>()
        for file in parsed { extensions.formUnion(Adopter.reactiveExtensionMembers(in: file.tree.tree)) }
        var changed = 0
        var blockers: [Blocker] = []
        for file in parsed {
            let result = Adopter.adopt(file.text, tree: file.tree.tree, path: file.path, reactiveExtensions: extensions)
            blockers += result.blockers
            guard result.changed else { continue }
            changed += 1
            if dryRun {
                print(UnifiedDiff.diff(file.text, result.text, oldName: "a/\(file.path)", newName: "b/\(file.path)"), terminator: "")
            } else {
                do {
                    try Data(result.text.utf8).write(to: URL(fileURLWithPath: file.path), options: .atomic)
                } catch {
                    problems.append(FileProblem(path: file.path, reason: "cannot write (\(error.localizedDescription))"))
                }
            }
        }
        let verb = dryRun ? "would change" : "changed"
        warn("rxmigrate adopt: \(verb) \(changed) of \(files.count) files")
        if !blockers.isEmpty {
            print("Will not compile against RxKit yet (\(blockers.count)):")
            for blocker in blockers { print("  \(blocker.description)") }
        }
        reportProblems(problems)
        if !problems.isEmpty { throw someFilesFailed }
    }
}
