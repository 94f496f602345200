import Foundation
import Testing

/// Keeps MigrationGuide.md's worked example honest about the sample code it walks
/// through: every excerpt marked `<!-- sample: PATH -->` must appear verbatim (line for line, ignoring
/// indentation) in that file, every backticked `Samples/…` path must exist, and every backticked type
/// (`CurrencyRxViewModel`) or `Type.member` (`CurrencyDemo.play`) must still be declared in the package.
@Suite struct MigrationGuideWalkthroughTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func read(_ relativePath: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
    }

    static func matches(_ pattern: String, in text: String) -> [[String]] {
        let regex = try! NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            (0..<match.numberOfRanges).map { index in
                Range(match.range(at: index), in: text).map { String(text[$0]) } ?? ""
            }
        }
    }

    /// The guide's worked example, from its heading to the next `## ` heading or the end.
    static func workedExample(in guide: String) -> String? {
        guard let start = guide.range(of: "\n## Worked example") else { return nil }
        let rest = guide[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    /// The Swift sources a symbol may be declared in.
    static let sources: [String] = ["Sources", "Samples", "Tests"].flatMap { folder -> [String] in
        let directory = root.appendingPathComponent(folder)
        let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return files.filter { $0.pathExtension == "swift" }.compactMap { try? String(contentsOf: $0, encoding: .utf8) }
    }

    static func trimmedLines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    /// Whether `excerpt`'s lines occur, consecutively, among `file`'s lines (indentation ignored).
    static func contains(_ file: String, excerpt: String) -> Bool {
        let lines = trimmedLines(file)
        let wanted = trimmedLines(excerpt)
        guard !wanted.isEmpty, wanted.count <= lines.count else { return false }
        return (0...(lines.count - wanted.count)).contains { Array(lines[$0..<$0 + wanted.count]) == wanted }
    }

    /// Everything in `section` that no longer matches the code: missing files, excerpts not found,
    /// types or members not declared.
    static func problems(in section: String) -> (problems: [String], excerpts: Int) {
        var problems: [String] = []
        let excerpts = matches(#"^<!-- sample: (\S+) -->\n```swift\n([\s\S]*?)^```"#, in: section)
        for excerpt in excerpts {
            guard let file = try? read(excerpt[1]) else {
                problems.append("\(excerpt[1]) does not exist")
                continue
            }
            if !contains(file, excerpt: excerpt[2]) {
                problems.append("excerpt not found in \(excerpt[1]):\n\(excerpt[2])")
            }
        }
        let prose = section.replacingOccurrences(of: #"```swift\n[\s\S]*?```"#, with: "", options: .regularExpression)
        let quoted = matches("`([^`\n]+)`", in: prose).map { $0[1] }
        for path in quoted where path.hasPrefix("Samples/") || path.hasPrefix("Tests/") {
            if !FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) {
                problems.append("\(path) does not exist")
            }
        }
        for token in quoted {
            let symbol = token.replacingOccurrences(of: #"\(.*\)$"#, with: "", options: .regularExpression)
            guard symbol.range(of: #"^[A-Z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)?$"#, options: .regularExpression) != nil else { continue }
            let parts = symbol.split(separator: ".").map(String.init)
            let declaring = sources.filter {
                $0.range(of: #"\b(class|struct|enum|protocol|typealias|actor|extension) \#(parts[0])\b"#, options: .regularExpression) != nil
            }
            if declaring.isEmpty {
                problems.append("`\(token)`: no type \(parts[0]) is declared")
            } else if parts.count == 2, !declaring.contains(where: {
                $0.range(of: #"\b(func|var|let|case) \#(parts[1])\b"#, options: .regularExpression) != nil
            }) {
                problems.append("`\(token)`: \(parts[0]) declares no \(parts[1])")
            }
        }
        return (problems, excerpts.count)
    }

    @Test func workedExampleQuotesTheSampleCodeAsItIs() throws {
        let section = try #require(Self.workedExample(in: Self.read("MigrationGuide.md")))
        let (problems, excerpts) = Self.problems(in: section)
        #expect(problems.isEmpty, "MigrationGuide.md's worked example no longer matches the samples:\n\(problems.joined(separator: "\n"))")
        #expect(excerpts >= 6)
    }

    /// The walk-through follows the steps in order.
    @Test func workedExampleFollowsTheStepOrder() throws {
        let section = try #require(Self.workedExample(in: Self.read("MigrationGuide.md")))
        let positions = (1...5).map { section.range(of: "**Step \($0) ")?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil })
        let found = positions.compactMap { $0 }
        #expect(found == found.sorted())
    }

    /// The checker itself catches drift: an edited excerpt, a missing file, a renamed type or member.
    @Test func checkerReportsDrift() {
        let section = """
            `CurrencyRxViewModel` and `CurrencyDemo.play` exist; `CurrencyRxViewModelGone`,
            `CurrencyDemo.playGone` and `Samples/Currency/Gone.swift` do not.

            <!-- sample: Samples/Currency/MixedViewModel.swift -->
            ```swift
            public func rates() -> Observable<Converter> {
                service.rates().asObservable()
            }
            ```

            <!-- sample: Samples/Currency/MixedViewModel.swift -->
            ```swift
            public func rates() -> Observable<Converter> {
                service.rates().asObservable().retry()
            }
            ```

            <!-- sample: Samples/Currency/Gone.swift -->
            ```swift
            let x = 1
            ```
            """
        let (problems, excerpts) = Self.problems(in: section)
        #expect(excerpts == 3)
        #expect(problems.count == 5, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("excerpt not found in Samples/Currency/MixedViewModel.swift") })
        #expect(problems.filter { $0 == "Samples/Currency/Gone.swift does not exist" }.count == 2)
        #expect(problems.contains("`CurrencyRxViewModelGone`: no type CurrencyRxViewModelGone is declared"))
        #expect(problems.contains("`CurrencyDemo.playGone`: CurrencyDemo declares no playGone"))
    }
}
