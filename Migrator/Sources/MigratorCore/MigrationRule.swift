/// How an Rx API's counterpart compares, as the migration table says.
public enum MigrationStatus: String, Codable, Sendable, CaseIterable {
    /// Same behaviour (a parity test shows identical timelines).
    case same
    /// Documented to differ; the note says how.
    case differs
    /// No Combine-style counterpart: keep the code on RxKit behind the bridge.
    case bridgeOnly = "bridge-only"
    /// No counterpart; the note says what to use.
    case noCounterpart = "no-counterpart"
}

/// Who does the work for a use.
public enum MigrationEffort: String, Codable, Sendable, CaseIterable {
    /// `convert` does it.
    case mechanical
    /// `convert` does it, but a semantic difference needs a decision (it leaves a `// MIGRATE:` note).
    case review
    /// A person rewrites it.
    case manual
}

/// One row of the migration table, or one Rx API beyond the table.
public struct MigrationRule: Sendable, Hashable {
    /// The Rx cell: for a table row exactly as the guide's first column spells it.
    public let rx: String
    /// The Combine-style cell: for a table row exactly as the guide's second column spells it.
    public let combine: String
    /// Whether this rule is a row of the guide's operator and type table.
    public let isTableRow: Bool
    /// A second table row for an Rx API another row already covers (a CombineKitExt alternative):
    /// listed in reports, never the rule a use is reported under.
    public let isAlternative: Bool
    public let status: MigrationStatus
    public let effort: MigrationEffort
    /// The guide section (`MigrationGuide.md#anchor`).
    public let anchor: String
    /// What differs or what to decide, in one sentence (empty when nothing does).
    public let note: String
    /// The spellings `scan` matches: `name` (any labels), `name(a:_:)` (exact labels), `name(on: value)` (labels
    /// and argument), `Type` (a capitalised name: a type), `rx.` (an RxCocoa binding), `import:Module`.
    public let apis: [String]
    /// Matches static and implicit-member calls only (`Observable.just(_:)`, `.just(_:)`): creation operators.
    public let creationOnly: Bool

    /// The stable identifier of the rule in reports: the Rx cell without markup, followed by " → " and the
    /// counterpart when another row has the same Rx cell.
    public var id: String {
        MigrationTable.duplicatedRx.contains(rx) ? "\(MigrationRule.plain(rx)) → \(counterpart)" : MigrationRule.plain(rx)
    }
    /// The counterpart without markup.
    public var counterpart: String { MigrationRule.plain(combine) }
    /// The link into the guide.
    public var guideLink: String { "MigrationGuide.md#\(anchor)" }

    /// The backticked spellings of a cell: "`take(while:)`, `takeWhile`" → ["take(while:)", "takeWhile"].
    static func spellings(in cell: String) -> [String] {
        let parts = cell.split(separator: "`", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count, by: 2).map { String(parts[$0]) }
    }

    /// A cell without its backticks.
    static func plain(_ cell: String) -> String {
        cell.replacingOccurrences(of: "`", with: "")
    }
}

/// A parsed `apis` spelling.
struct APIPattern: Sendable, Hashable {
    enum Kind: Sendable, Hashable { case member, type, binding, module }
    let kind: Kind
    let name: String
    /// Argument labels ("_" for none); nil: any labels.
    let labels: [String]?
    /// Required argument text per position (only `observe(on: MainScheduler.instance)` uses it).
    let values: [String?]

    init(_ spelling: String) {
        if spelling.hasPrefix("import:") {
            kind = .module; name = String(spelling.dropFirst(7)); labels = nil; values = []
        } else if spelling == "rx." {
            kind = .binding; name = "rx"; labels = nil; values = []
        } else if let open = spelling.firstIndex(of: "(") {
            kind = .member
            name = String(spelling[..<open])
            let inner = spelling[spelling.index(after: open)..<(spelling.lastIndex(of: ")") ?? spelling.endIndex)]
            var labels: [String] = []
            var values: [String?] = []
            if inner.contains(": ") {
                for argument in inner.split(separator: ",") {
                    let pieces = argument.split(separator: ":", maxSplits: 1)
                    labels.append(pieces[0].trimmingCharacters(in: .whitespaces))
                    values.append(pieces.count > 1 ? pieces[1].trimmingCharacters(in: .whitespaces) : nil)
                }
            } else {
                labels = inner.split(separator: ":").map { String($0) }
                values = labels.map { _ in nil }
            }
            self.labels = labels
            self.values = values
        } else {
            kind = spelling.first?.isUppercase == true ? .type : .member
            name = spelling; labels = nil; values = []
        }
    }
}

import Foundation
