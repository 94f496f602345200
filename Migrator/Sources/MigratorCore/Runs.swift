import Foundation

/// What a command run did: its standard output, its messages for standard error, and the files it could not handle.
public struct RunOutput: Sendable {
    public var output = ""
    public var messages: [String] = []
    public var problems: [FileProblem] = []
    /// Files rewritten.
    public var written: [String] = []

    /// 0 when every file was handled, 1 when some were not (each is in `problems`).
    public var exitStatus: Int32 { problems.isEmpty ? 0 : 1 }
}

/// The file work of `adopt` and `convert`: read, parse, rewrite; a file that fails is reported and never written.
public enum Runs {
    /// Reads and parses the files under `paths`; `onlyRx`: skip files that never mention an Rx module.
    static func load(_ paths: [String], maximumBytes: Int, onlyRx: Bool, into run: inout RunOutput)
        -> [(path: String, text: String, tree: SourceFileSyntaxBox)] {
        let (files, walkProblems) = SourceFiles.collect(paths)
        run.problems += walkProblems
        var parsed: [(path: String, text: String, tree: SourceFileSyntaxBox)] = []
        for file in files {
            switch SourceFiles.read(file, maximumBytes: maximumBytes) {
            case .failure(let problem): run.problems.append(problem)
            case .success(let text):
                if onlyRx && !text.contains("Rx") { continue }
                switch SourceFiles.parse(text, path: file) {
                case .failure(let problem): run.problems.append(problem)
                case .success(let tree): parsed.append((file, text, SourceFileSyntaxBox(tree)))
                }
            }
        }
        return parsed
    }

    static func write(_ text: String, to path: String, into run: inout RunOutput) {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            run.written.append(path)
        } catch {
            run.problems.append(FileProblem(path: path, reason: "cannot write (\(error.localizedDescription))"))
        }
    }

    /// `rxmigrate adopt`.
    public static func adopt(_ paths: [String], dryRun: Bool, maximumBytes: Int = SourceFiles.defaultMaximumBytes) -> RunOutput {
        var run = RunOutput()
        let parsed = load(paths, maximumBytes: maximumBytes, onlyRx: true, into: &run)
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
                run.output += UnifiedDiff.diff(file.text, result.text, oldName: "a/\(file.path)", newName: "b/\(file.path)")
            } else {
                write(result.text, to: file.path, into: &run)
            }
        }
        if !blockers.isEmpty {
            run.output += "Will not compile against RxKit yet (\(blockers.count)):\n"
            for blocker in blockers { run.output += "  \(blocker.description)\n" }
        }
        run.messages.append("rxmigrate adopt: \(dryRun ? "would change" : "changed") \(changed) of \(parsed.count) Rx files")
        return run
    }

    public enum ConvertMode: Sendable {
        case print, diff, inPlace
    }

    /// `rxmigrate convert`.
    public static func convert(_ paths: [String], mode: ConvertMode, maximumBytes: Int = SourceFiles.defaultMaximumBytes) -> RunOutput {
        var run = RunOutput()
        let parsed = load(paths, maximumBytes: maximumBytes, onlyRx: false, into: &run)
        var notes = 0
        for (file, result) in zip(parsed, Converter.convert(parsed)) {
            notes += result.notes.count
            switch mode {
            case .diff:
                run.output += UnifiedDiff.diff(file.text, result.text, oldName: "a/\(file.path)", newName: "b/\(file.path)")
            case .inPlace:
                if result.changed { write(result.text, to: file.path, into: &run) }
            case .print:
                if parsed.count > 1 { run.output += "// ==== \(file.path)\n" }
                run.output += result.text
            }
            run.messages += result.notes.map { "\(file.path):\($0)" }
        }
        run.messages.append("rxmigrate convert: \(parsed.count) files, \(notes) MIGRATE notes left to decide")
        return run
    }
}
