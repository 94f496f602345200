import SwiftSyntax

/// Replacements of byte ranges of a file's text, found on its syntax tree: everything outside the ranges,
/// comments and formatting included, stays byte for byte.
struct TextEdits {
    struct Edit {
        var start: Int
        var end: Int
        var text: String
        var sequence: Int
        /// At one offset, insertions of a higher priority come after those of a lower one (notes after code).
        var priority: Int
    }

    private(set) var edits: [Edit] = []

    var isEmpty: Bool { edits.isEmpty }

    /// Replaces `[start, end)` (UTF-8 offsets).
    mutating func replace(_ start: Int, _ end: Int, with text: String, priority: Int = 0) {
        edits.append(Edit(start: start, end: end, text: text, sequence: edits.count, priority: priority))
    }

    /// Replaces a token's text, keeping its trivia.
    mutating func replace(_ token: TokenSyntax, with text: String) {
        replace(token.positionAfterSkippingLeadingTrivia.utf8Offset, token.endPositionBeforeTrailingTrivia.utf8Offset, with: text)
    }

    /// Replaces a node's text, keeping its leading and trailing trivia.
    mutating func replace(_ node: some SyntaxProtocol, with text: String) {
        replace(node.positionAfterSkippingLeadingTrivia.utf8Offset, node.endPositionBeforeTrailingTrivia.utf8Offset, with: text)
    }

    /// Inserts text after a node (before its trailing trivia). Insertions made later at the same place come first.
    mutating func insert(after node: some SyntaxProtocol, _ text: String) {
        let offset = node.endPositionBeforeTrailingTrivia.utf8Offset
        replace(offset, offset, with: text)
    }

    /// Inserts text before a node (after its leading trivia).
    mutating func insert(before node: some SyntaxProtocol, _ text: String) {
        let offset = node.positionAfterSkippingLeadingTrivia.utf8Offset
        replace(offset, offset, with: text)
    }

    /// The text with the edits applied. Overlapping replacements keep the first one recorded.
    func apply(to text: String) -> String {
        var bytes = Array(text.utf8)
        // An edit inside a larger replacement is dropped: the replacement wrote that text already.
        let replacements = edits.filter { $0.start < $0.end }
        let kept = edits.filter { edit in
            !replacements.contains { outer in
                outer.sequence != edit.sequence && outer.start <= edit.start && edit.end <= outer.end
                    && (outer.end - outer.start > edit.end - edit.start)
                    && !(edit.start == edit.end && (edit.start == outer.start || edit.start == outer.end))
            }
        }
        // From the end, so earlier offsets stay valid; at one offset, the edit recorded first is applied first,
        // so an insertion recorded later (an inner node's) ends up in front of it.
        let ordered = kept.sorted { ($0.start, $0.end, $0.priority, -$0.sequence) > ($1.start, $1.end, $1.priority, -$1.sequence) }
        var lowestStart = Int.max
        for edit in ordered {
            if edit.end > lowestStart { continue }
            bytes.replaceSubrange(edit.start..<edit.end, with: Array(edit.text.utf8))
            lowestStart = min(lowestStart, edit.start)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A unified diff of two texts, line by line, with three lines of context.
public enum UnifiedDiff {
    public static func diff(_ old: String, _ new: String, oldName: String, newName: String) -> String {
        let a = lines(old)
        let b = lines(new)
        if a == b { return "" }
        let operations = script(a, b)
        var out = "--- \(oldName)\n+++ \(newName)\n"
        // Changes closer than 6 unchanged lines share a hunk; each hunk has 3 lines of context.
        let changes = operations.indices.filter { operations[$0].kind != .keep }
        var groups: [(Int, Int)] = []
        for change in changes {
            if let last = groups.last, change - last.1 <= 7 {
                groups[groups.count - 1].1 = change
            } else {
                groups.append((change, change))
            }
        }
        for (first, last) in groups {
            let hunk = operations[max(0, first - 3)..<min(operations.count, last + 4)]
            let oldStart = hunk.first!.oldLine
            let newStart = hunk.first!.newLine
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            out += "@@ -\(oldCount == 0 ? oldStart - 1 : oldStart),\(oldCount) +\(newCount == 0 ? newStart - 1 : newStart),\(newCount) @@\n"
            for operation in hunk {
                switch operation.kind {
                case .keep: out += " " + operation.text + "\n"
                case .delete: out += "-" + operation.text + "\n"
                case .insert: out += "+" + operation.text + "\n"
                }
            }
        }
        return out
    }

    struct Operation {
        enum Kind { case keep, delete, insert }
        var kind: Kind
        var text: String
        /// 1-based line numbers in the old and new text where this operation sits.
        var oldLine: Int
        var newLine: Int
    }

    static func lines(_ text: String) -> [String] {
        var result = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if result.last == "" { result.removeLast() }
        return result
    }

    /// An edit script: common prefix and suffix, and a longest common subsequence of what is between.
    static func script(_ a: [String], _ b: [String]) -> [Operation] {
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let midA = Array(a[prefix..<(a.count - suffix)])
        let midB = Array(b[prefix..<(b.count - suffix)])
        var kinds: [(Operation.Kind, String)] = a[..<prefix].map { (.keep, $0) }
        if midA.count * midB.count > 20_000_000 {
            kinds += midA.map { (.delete, $0) } + midB.map { (.insert, $0) }
        } else {
            let n = midA.count, m = midB.count
            var table = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
            if n > 0 && m > 0 {
                for i in stride(from: n - 1, through: 0, by: -1) {
                    for j in stride(from: m - 1, through: 0, by: -1) {
                        table[i][j] = midA[i] == midB[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                    }
                }
            }
            var i = 0, j = 0
            while i < n || j < m {
                if i < n && j < m && midA[i] == midB[j] {
                    kinds.append((.keep, midA[i])); i += 1; j += 1
                } else if i < n && (j == m || table[i + 1][j] >= table[i][j + 1]) {
                    kinds.append((.delete, midA[i])); i += 1
                } else {
                    kinds.append((.insert, midB[j])); j += 1
                }
            }
        }
        kinds += a[(a.count - suffix)...].map { (.keep, $0) }
        var oldLine = 1, newLine = 1
        var operations: [Operation] = []
        for (kind, text) in kinds {
            operations.append(Operation(kind: kind, text: text, oldLine: oldLine, newLine: newLine))
            if kind != .insert { oldLine += 1 }
            if kind != .delete { newLine += 1 }
        }
        return operations
    }
}
