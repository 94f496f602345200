import Foundation
import Testing

/// Keeps MigrationGuide.md honest: every public RxKit operator and type has a row, every row's test
/// exists and shows what the row claims, and the guide's snippets are the compiled ones.
@Suite struct MigrationTableTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func read(_ relativePath: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
    }

    static func swiftFiles(under relativePath: String) -> [URL] {
        let directory = root.appendingPathComponent(relativePath)
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return files.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    static func matches(_ pattern: String, in text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (0..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }

    /// One row of the operator table.
    struct Row {
        let rxCell: String
        let status: String
        let test: (suite: String, function: String, path: String)?
    }

    static func tableRows() throws -> [Row] {
        let guide = try read("MigrationGuide.md")
        // Only section (c) is the operator table; other sections may have tables of their own.
        let lines = guide.split(separator: "\n").map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("## (c)") }) else { return [] }
        let end = lines[(start + 1)...].firstIndex(where: { $0.hasPrefix("## ") }) ?? lines.endIndex
        return lines[start..<end].compactMap { line -> Row? in
            guard line.hasPrefix("| "), !line.hasPrefix("| RxKit"), !line.hasPrefix("| ---"), !line.hasPrefix("| **") else { return nil }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 5 else { return nil }
            let parity = cells[3]
            if let link = matches(#"^(\w+): \[(\w+)\.(\w+)\]\(([^)]+)\)$"#, in: parity).first {
                return Row(rxCell: cells[1], status: link[1], test: (link[2], link[3], link[4]))
            }
            return Row(rxCell: cells[1], status: parity, test: nil)
        }
    }

    /// Public operator names (and subject, relay and trait type names) declared in RxKit.
    static func publicRxKitNames() throws -> Set<String> {
        var names = Set<String>()
        // `subscribe` and `asObservable` in Operators/ are protocol requirements (GroupedObservable), not operators.
        let notOperators: Set<String> = ["subscribe", "asObservable"]
        for file in swiftFiles(under: "Sources/RxKit/Operators") {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in matches(#"public (?:static )?func `?(\w+)"#, in: text) where !notOperators.contains(match[1]) {
                names.insert(match[1])
            }
        }
        for directory in ["Sources/RxKit/Subjects", "Sources/RxKit/Relays"] {
            for file in swiftFiles(under: directory) {
                let text = try String(contentsOf: file, encoding: .utf8)
                for match in matches(#"^public final class (\w+)"#, in: text) { names.insert(match[1]) }
            }
        }
        for file in swiftFiles(under: "Sources/RxKit/Traits") {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in matches(#"^public typealias (\w+)(?:<\w+>)? = PrimitiveSequence"#, in: text) { names.insert(match[1]) }
        }
        return names
    }

    /// The names a row's RxKit cell covers: the leading identifier of each backticked item.
    static func coveredNames(_ rows: [Row]) -> Set<String> {
        Set(rows.flatMap { row in matches(#"`(\w+)"#, in: row.rxCell).map { $0[1] } })
    }

    @Test func everyPublicRxKitOperatorAndTypeHasARow() throws {
        let rows = try Self.tableRows()
        let names = try Self.publicRxKitNames()
        #expect(names.count > 50, "the source scan found too few names (\(names.count)); is the path right?")
        let missing = names.subtracting(Self.coveredNames(rows)).sorted()
        #expect(missing.isEmpty, "RxKit operators/types with no row in MigrationGuide.md's table: \(missing.joined(separator: ", "))")
    }

    @Test func everyRowNamesAnExistingTestThatShowsItsClaim() throws {
        let rows = try Self.tableRows()
        #expect(rows.count > 50)
        for row in rows {
            switch row.status {
            case "pending", "none":
                #expect(row.test == nil, "row \(row.rxCell): a \(row.status) row makes no test claim")
            case "same", "differs", "bug":
                guard let test = row.test else {
                    Issue.record("row \(row.rxCell): status \(row.status) needs a link to its test")
                    continue
                }
                let source: String
                do { source = try Self.read(test.path) } catch {
                    Issue.record("row \(row.rxCell): \(test.path) does not exist")
                    continue
                }
                guard source.contains("struct \(test.suite)"), let start = source.range(of: "func \(test.function)(") else {
                    Issue.record("row \(row.rxCell): \(test.path) has no \(test.suite).\(test.function)()")
                    continue
                }
                let rest = source[start.upperBound...]
                let body = rest.range(of: "@Test").map { rest[..<$0.lowerBound] } ?? rest
                let declaresDifference = body.contains(".difference(")
                let declaresBug = body.contains(".knownBug(") || test.function.hasPrefix("knownBug")
                switch row.status {
                case "same": #expect(!declaresDifference && !declaresBug, "row \(row.rxCell) says same, but \(test.function) declares a difference or bug")
                case "differs": #expect(declaresDifference, "row \(row.rxCell) says differs, but \(test.function) declares no .difference")
                default: #expect(declaresBug, "row \(row.rxCell) says bug, but \(test.function) pins no known bug")
                }
            default:
                Issue.record("row \(row.rxCell): unknown status \"\(row.status)\"")
            }
        }
    }

    @Test func guideSnippetsAreTheCompiledOnes() throws {
        let guide = try Self.read("MigrationGuide.md")
        let source = try Self.read("Tests/ParityTestingTests/GuideSnippets.swift")
        let compiled = Dictionary(Self.matches(#"^// snippet:([\w-]+)\n([\s\S]*?)^// end-snippet"#, in: source).map { ($0[1], $0[2]) },
                                  uniquingKeysWith: { first, _ in first })
        let shown = Self.matches(#"^<!-- snippet:([\w-]+) -->\n```swift\n([\s\S]*?)^```"#, in: guide)
        #expect(!compiled.isEmpty)
        for snippet in shown {
            #expect(compiled[snippet[1]] == snippet[2], "MigrationGuide.md's snippet \(snippet[1]) differs from GuideSnippets.swift")
        }
        let unused = Set(compiled.keys).subtracting(shown.map { $0[1] })
        #expect(unused.isEmpty, "snippets compiled but not shown in the guide: \(unused.sorted())")
    }
}
