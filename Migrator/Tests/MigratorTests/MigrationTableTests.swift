import Foundation
import Testing
@testable import MigratorCore

/// The migration table here and the guide's operator and type table must not drift apart.
@Suite struct MigrationTableTests {
    static let guideURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("MigrationGuide.md")

    static func guideText() throws -> String {
        try String(contentsOf: guideURL, encoding: .utf8)
    }

    /// (Rx cell, Combine cell, parity cell) of every row of the guide's operator and type table, section rows left out.
    static func guideRows() throws -> [(rx: String, combine: String, parity: String)] {
        var rows: [(String, String, String)] = []
        var inTable = false
        for line in try guideText().split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { inTable = line.hasPrefix("## Operator and type table") }
            guard inTable, line.hasPrefix("| ") else { continue }
            let cells = line.dropFirst(2).dropLast(line.hasSuffix(" |") ? 2 : 0)
                .components(separatedBy: " | ").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3, cells[0] != "RxKit", cells[0] != "---", !cells[0].hasPrefix("**") else { continue }
            rows.append((cells[0], cells[1], cells[2]))
        }
        return rows
    }

    /// GitHub's anchors of the guide's headings.
    static func anchors() throws -> Set<String> {
        var anchors = Set<String>()
        for line in try guideText().split(separator: "\n") where line.hasPrefix("#") {
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            let kept = title.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_" }
            anchors.insert(String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-"))
        }
        return anchors
    }

    @Test func everyGuideRowHasExactlyOneRuleAndEveryTableRuleIsAGuideRow() throws {
        let rows = try Self.guideRows()
        #expect(rows.count > 80)
        let rules = MigrationTable.tableRules
        for row in rows {
            let matching = rules.filter { $0.rx == row.rx && $0.combine == row.combine }
            #expect(matching.count == 1, "guide row \(row.rx) → \(row.combine) has \(matching.count) rules")
        }
        for rule in rules {
            #expect(rows.contains { $0.rx == rule.rx && $0.combine == rule.combine }, "rule \(rule.rx) → \(rule.combine) is not a guide row")
        }
        #expect(rows.count == rules.count)
        // Same order, so the table here reads like the guide's.
        #expect(rows.map(\.rx) == rules.map(\.rx))
    }

    @Test func statusesAgreeWithTheGuide() throws {
        for row in try Self.guideRows() {
            guard let rule = MigrationTable.tableRules.first(where: { $0.rx == row.rx && $0.combine == row.combine }) else { continue }
            let parity = row.parity.prefix { $0 != ":" }
            switch parity {
            case "same": #expect(rule.status == .same, "\(row.rx)")
            case "differs", "bug": #expect(rule.status == .differs, "\(row.rx)")
            case "none", "pending": #expect(rule.status == .noCounterpart || rule.status == .bridgeOnly, "\(row.rx)")
            default: Issue.record("unknown parity cell \(row.parity)")
            }
            if rule.status == .differs && !rule.isAlternative {
                #expect(!rule.note.isEmpty, "\(row.rx): a rule that differs says how")
            }
        }
    }

    @Test func everyRuleLinksToASectionOfTheGuide() throws {
        let anchors = try Self.anchors()
        for rule in MigrationTable.rules {
            #expect(anchors.contains(rule.anchor), "\(rule.id) links to #\(rule.anchor), which the guide does not have")
        }
    }

    @Test func everyRuleIsMatchedOrAnAlternative() {
        for rule in MigrationTable.rules where !rule.isAlternative {
            if rule.apis.isEmpty {
                // Only rows whose API another row of the same Rx name covers.
                #expect(MigrationTable.rules.contains { $0 != rule && !$0.apis.isEmpty && MigrationRule.spellings(in: $0.rx).first == MigrationRule.spellings(in: rule.rx).first },
                        "\(rule.id) matches nothing")
            }
        }
        // Rx APIs the issue names explicitly are all matched.
        let knowledge = RxKnowledge.shared
        for name in ["flatMapLatest", "distinctUntilChanged", "subscribe", "disposed", "accept", "observe", "bind", "drive",
                     "createHotObservable", "toBlocking"] {
            #expect(knowledge.members[name] != nil, "\(name)")
        }
        for type in ["Observable", "Single", "Driver", "BehaviorRelay", "PublishRelay", "DisposeBag", "TestScheduler"] {
            #expect(knowledge.types[type] != nil, "\(type)")
        }
    }

    /// The test-helper rules point at what the Combine side has: CombineKitTest's recorders, and `values` to await.
    @Test func testHelperRulesNameDeclaredCombineAPI() throws {
        let sources = Self.guideURL.deletingLastPathComponent().appendingPathComponent("Sources")
        func declares(_ module: String, _ declaration: String) -> Bool {
            let enumerator = FileManager.default.enumerator(at: sources.appendingPathComponent(module), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                if url.pathExtension == "swift", (try? String(contentsOf: url, encoding: .utf8))?.contains(declaration) == true { return true }
            }
            return false
        }
        let blocking = try #require(MigrationTable.rules.first { $0.apis.contains("toBlocking") })
        #expect(blocking.combine.contains("TestSubscriber (CombineKitTest)") && blocking.combine.contains("values"))
        #expect(declares("CombineKitTest", "class TestSubscriber<"))
        #expect(declares("CombineKit", "public var values: AsyncThrowingPublisher<Self>"))
        let scheduler = try #require(MigrationTable.rules.first { $0.apis.contains("TestScheduler") })
        #expect(scheduler.combine.contains("CombineTestScheduler (CombineKitTest)"))
        #expect(declares("CombineKitTest", "class CombineTestScheduler"))
    }
}
