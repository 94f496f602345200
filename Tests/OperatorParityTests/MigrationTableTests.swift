import Foundation
import Testing

/// Keeps MigrationGuide.md honest: every public RxKit name has a row whose Combine cell names real API,
/// every row's test exists and shows what the row claims, and the guide's snippets are the compiled ones.
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
        let combineCell: String
        let status: String
        let test: (suite: String, function: String, path: String)?
    }

    /// The headings of the guide's sections whose tables list RxKit API, one row per API.
    static let tableSections = ["## Operator and type table", "## The rest of RxKit's API"]

    static func tableRows() throws -> [Row] {
        let guide = try read("MigrationGuide.md")
        // Only the API tables; other sections may have tables of their own.
        let lines = guide.split(separator: "\n").map(String.init)
        var rows: [Row] = []
        for heading in tableSections {
            guard let start = lines.firstIndex(where: { $0.hasPrefix(heading) }) else {
                Issue.record("MigrationGuide.md has no section \(heading)")
                continue
            }
            let end = lines[(start + 1)...].firstIndex(where: { $0.hasPrefix("## ") }) ?? lines.endIndex
            rows += lines[start..<end].compactMap { line -> Row? in
                guard line.hasPrefix("| "), !line.hasPrefix("| RxKit"), !line.hasPrefix("| ---"), !line.hasPrefix("| **") else { return nil }
                let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                guard cells.count >= 5 else { return nil }
                let parity = cells[3]
                if let link = matches(#"^(\w+): \[(\w+)\.(\w+)\]\(([^)]+)\)$"#, in: parity).first {
                    return Row(rxCell: cells[1], combineCell: cells[2], status: link[1], test: (link[2], link[3], link[4]))
                }
                return Row(rxCell: cells[1], combineCell: cells[2], status: parity, test: nil)
            }
        }
        return rows
    }

    /// Not RxKit API: classes `open` only so that RxCombineBridge can subclass them (no public initialiser,
    /// documented as not part of RxKit's API), and `_`-prefixed helpers of the same kind.
    static let implementationOnly: Set<String> = ["ObserverNode", "SinkBase", "LockingObserverNode"]

    /// Every public name RxKit declares, found in its sources: functions and properties at any level
    /// (operators, trait and subject members, scheduler API) and top-level types.
    static func publicRxKitNames() throws -> Set<String> {
        var names = Set<String>()
        for file in swiftFiles(under: "Sources/RxKit") {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in matches(#"public (?:(?:static|final|override|convenience|mutating|nonisolated) )*func `?(\w+)"#, in: text) {
                names.insert(match[1])
            }
            for match in matches(#"public (?:(?:static|final|override|nonisolated|private\(set\)) )*(?:var|let) (\w+)"#, in: text) {
                names.insert(match[1])
            }
            for match in matches(#"^(?:public|open) (?:final )?(?:class|struct|enum|protocol|typealias|actor) (\w+)"#, in: text) {
                names.insert(match[1])
            }
        }
        // CustomStringConvertible's members are not API a migration touches.
        names.subtract(["description", "debugDescription"])
        return names.filter { !$0.hasPrefix("_") && !implementationOnly.contains($0) }
    }

    /// The backticked items of a cell, each cut at its first parenthesis (`take(for:scheduler:)` → `take`).
    static func codeItems(_ cell: String) -> [String] {
        matches("`([^`]+)`", in: cell).map { String($0[1].prefix { $0 != "(" }) }
    }

    /// The names a row's RxKit cell covers: each backticked item's leading identifier and the identifiers
    /// after its dots (`Disposables.create` covers `Disposables` and `create`).
    static func coveredNames(_ rows: [Row]) -> Set<String> {
        Set(rows.flatMap { row in codeItems(row.rxCell).flatMap { item in matches(#"(?:^|\.)(\w+)"#, in: item).map { $0[1] } } })
    }

    /// Names declared in the modules a CombineKit-style codebase uses.
    static func declaredCombineNames() throws -> Set<String> {
        var names = Set<String>()
        for module in ["CombineKit", "CombineKitExt", "CombineKitTest", "RxCombineBridge"] {
            for file in swiftFiles(under: "Sources/\(module)") {
                let text = try String(contentsOf: file, encoding: .utf8)
                for match in matches(#"(?:func|var|let|class|struct|enum|protocol|typealias|actor|extension|case) `?(\w+)"#, in: text) {
                    names.insert(match[1])
                }
                for match in matches(#"^\s*(?:(?:public|indirect) )*case (.+)$"#, in: text) {
                    for element in match[1].split(separator: ",") {
                        if let name = matches(#"^\s*(\w+)"#, in: String(element)).first { names.insert(name[1]) }
                    }
                }
            }
        }
        return names
    }

    /// Names of the Swift standard library, Foundation and Dispatch that a Combine cell may use, and the
    /// placeholders the cells write (`start`, `count`, `T`, `E`).
    static let platformNames: Set<String> = [
        "Set", "Never", "Error", "Void", "Optional", "Result", "Task", "DispatchQueue", "RunLoop", "OperationQueue", "Timer",
        "NotificationCenter", "sequence", "repeatElement", "dispatchPrecondition", "weak", "self", "true", "false", "nil",
        "start", "count", "T", "E", "main", "max", "unlimited", "none",
    ]

    @Test func everyRowsCombineCellNamesRealAPI() throws {
        let declared = try Self.declaredCombineNames().union(Self.platformNames)
        #expect(declared.contains("sink") && declared.contains("ReplayingSubject") && declared.contains("CombineTestScheduler"))
        for row in try Self.tableRows() {
            for code in Self.matches("`([^`]+)`", in: row.combineCell).map({ $0[1] }) {
                // Identifiers that are not argument labels (`prefix(untilOutputFrom:)` names `prefix` only).
                let names = Self.matches(#"(?<![\w:])([A-Za-z_]\w*)(?!\w)(?!:)"#, in: code).map { $0[1] }
                for name in names where !declared.contains(name) {
                    Issue.record("row \(row.rxCell): \(name) in `\(code)` is not CombineKit, CombineKitExt, CombineKitTest or RxCombineBridge API")
                }
            }
        }
    }

    @Test func everyPublicRxKitOperatorAndTypeHasARow() throws {
        let rows = try Self.tableRows()
        let names = try Self.publicRxKitNames()
        #expect(names.count > 200, "the source scan found too few names (\(names.count)); is the path right?")
        #expect(names.isSuperset(of: ["subscribe", "drive", "bind", "Disposables", "create", "Infallible", "distinctUntilChanged", "Binder"]))
        let missing = names.subtracting(Self.coveredNames(rows)).sorted()
        #expect(missing.isEmpty, "RxKit operators/types with no row in MigrationGuide.md's table: \(missing.joined(separator: ", "))")
    }

    @Test func everyRowNamesAnExistingTestThatShowsItsClaim() throws {
        let rows = try Self.tableRows()
        #expect(rows.count > 120)
        for row in rows {
            switch row.status {
            case "pending", "none", "counterpart":
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

    /// Every test the Deliberate differences section names as pinning a difference (`Suite.function` in
    /// its last column) exists, in this package's tests or the Migrator's.
    @Test func deliberateDifferencesNameExistingTests() throws {
        let guide = try Self.read("MigrationGuide.md")
        let start = try #require(guide.range(of: "\n## Deliberate differences\n"))
        let rest = guide[start.upperBound...]
        let section = String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
        let sources = (Self.swiftFiles(under: "Tests") + Self.swiftFiles(under: "Migrator/Tests"))
            .compactMap { try? String(contentsOf: $0, encoding: .utf8) }
        var pinned = 0
        for line in section.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| ---") && !line.hasPrefix("| where") {
            let lastCell = line.split(separator: "|").last.map(String.init) ?? ""
            let tests = Self.matches(#"`([A-Z]\w*)\.(\w+)`"#, in: lastCell)
            #expect(!tests.isEmpty, "a deliberate difference names no test that pins it: \(line)")
            for test in tests {
                pinned += 1
                #expect(sources.contains { $0.contains("struct \(test[1])") && $0.contains("func \(test[2])(") },
                        "Deliberate differences names \(test[1]).\(test[2]), which no test file declares")
            }
        }
        #expect(pinned >= 3)
    }

    /// The files whose `// snippet:NAME` regions the guide shows.
    static let snippetFiles = ["Tests/ParityTestingTests/GuideSnippets.swift", "Tests/OperatorParityTests/GuideChapterSnippets.swift"]

    @Test func guideSnippetsAreTheCompiledOnes() throws {
        let guide = try Self.read("MigrationGuide.md")
        var compiled: [String: String] = [:]
        for path in Self.snippetFiles {
            for snippet in Self.matches(#"^// snippet:([\w-]+)\n([\s\S]*?)^// end-snippet"#, in: try Self.read(path)) {
                #expect(compiled[snippet[1]] == nil, "snippet \(snippet[1]) is defined twice")
                compiled[snippet[1]] = snippet[2]
            }
        }
        let shown = Self.matches(#"^<!-- snippet:([\w-]+) -->\n```swift\n([\s\S]*?)^```"#, in: guide)
        #expect(!compiled.isEmpty)
        for snippet in shown {
            #expect(compiled[snippet[1]] == snippet[2], "MigrationGuide.md's snippet \(snippet[1]) differs from the compiled one")
        }
        // The chapters whose code must be compiled all show some.
        for name in ["ui-rx", "ui-combine", "async-three-styles", "testing-rxtest", "testing-combinekittest", "testing-blocking", "published-traps"] {
            #expect(shown.contains { $0[1] == name }, "MigrationGuide.md does not show the compiled snippet \(name)")
        }
        let unused = Set(compiled.keys).subtracting(shown.map { $0[1] })
        #expect(unused.isEmpty, "snippets compiled but not shown in the guide: \(unused.sorted())")
    }
}
