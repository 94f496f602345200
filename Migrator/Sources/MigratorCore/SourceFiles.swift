import Foundation
import SwiftParser
import SwiftSyntax

/// A file `rxmigrate` could not work on, and why. Nothing is written for such a file.
public struct FileProblem: Codable, Sendable, Hashable, Error {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
}

/// Finding, reading and parsing Swift files, with the failures reported rather than thrown.
public enum SourceFiles {
    /// Files larger than this are reported and skipped.
    public static let defaultMaximumBytes = 8 * 1024 * 1024

    /// The `.swift` files under `paths` (a path may also be a file), sorted, each once; directories whose name
    /// starts with "." (`.build`, `.git`) are skipped. Symbolic links are followed; a link back into a
    /// directory being walked is a problem (a symlink loop), not a hang.
    public static func collect(_ paths: [String]) -> (files: [String], problems: [FileProblem]) {
        var files: [String] = []
        var problems: [FileProblem] = []
        var seenFiles = Set<String>()
        let manager = FileManager.default

        func walk(_ path: String, ancestors: Set<String>, explicit: Bool) {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                if (try? manager.destinationOfSymbolicLink(atPath: path)) != nil {
                    problems.append(FileProblem(path: path, reason: "broken symbolic link"))
                } else {
                    problems.append(FileProblem(path: path, reason: "no such file or directory"))
                }
                return
            }
            let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            if isDirectory.boolValue {
                if ancestors.contains(real) {
                    problems.append(FileProblem(path: path, reason: "symbolic link loop (back to \(real))"))
                    return
                }
                let entries: [String]
                do {
                    entries = try manager.contentsOfDirectory(atPath: path)
                } catch {
                    problems.append(FileProblem(path: path, reason: "unreadable directory"))
                    return
                }
                for entry in entries.sorted() where !entry.hasPrefix(".") {
                    walk(path.hasSuffix("/") ? path + entry : path + "/" + entry, ancestors: ancestors.union([real]), explicit: false)
                }
            } else if explicit || path.hasSuffix(".swift") {
                if seenFiles.insert(real).inserted { files.append(path) }
            }
        }
        for path in paths {
            walk(path, ancestors: [], explicit: true)
        }
        return (files, problems)
    }

    /// The text of a file: unreadable, too large or not UTF-8 is a problem.
    public static func read(_ path: String, maximumBytes: Int = defaultMaximumBytes) -> Result<String, FileProblem> {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? NSNumber, size.intValue > maximumBytes {
            return .failure(FileProblem(path: path, reason: "too large (\(size.intValue) bytes; the limit is \(maximumBytes), see --max-file-bytes)"))
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            return .failure(FileProblem(path: path, reason: "unreadable (permission denied or not a regular file)"))
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.readToEnd() ?? Data()
        } catch {
            return .failure(FileProblem(path: path, reason: "unreadable (\(error.localizedDescription))"))
        }
        if data.count > maximumBytes {
            return .failure(FileProblem(path: path, reason: "too large (\(data.count) bytes; the limit is \(maximumBytes), see --max-file-bytes)"))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(FileProblem(path: path, reason: "not UTF-8 text"))
        }
        return .success(text)
    }

    /// Parses a file; a tree with syntax errors is a problem naming the first error's position.
    public static func parse(_ text: String, path: String) -> Result<SourceFileSyntax, FileProblem> {
        let tree = Parser.parse(source: text)
        guard tree.hasError else { return .success(tree) }
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        var position = "?"
        for token in tree.tokens(viewMode: .all) where token.presence == .missing || isUnexpected(token) {
            let location = token.startLocation(converter: converter)
            position = "\(location.line):\(location.column)"
            break
        }
        return .failure(FileProblem(path: path, reason: "syntax error at \(position); the file is left as it is"))
    }
}

/// Whether a token sits in text the parser could not fit into the grammar.
private func isUnexpected(_ token: TokenSyntax) -> Bool {
    var node = token.parent
    var depth = 0
    while let current = node, depth < 4 {
        if current.is(UnexpectedNodesSyntax.self) { return true }
        node = current.parent
        depth += 1
    }
    return false
}

/// A parsed tree to hand between modules without importing SwiftSyntax.
public struct SourceFileSyntaxBox {
    public let tree: SourceFileSyntax

    public init(_ tree: SourceFileSyntax) {
        self.tree = tree
    }
}
