import Foundation
import SwiftParser
import Testing
@testable import MigratorCore

/// `convert`'s output, compared with golden files. The golden files under Tests/ConvertedFixtures are compiled by
/// that target against CombineKit and CombineKitExt; those under Fixtures/ConvertedWithNotes keep Rx API a person has
/// to decide about, and are only compared.
@Suite struct ConvertGoldenTests {
    static let samples = ["Currency", "LocationSearch", "Posts", "LiveQuery", "TodoList"]

    static func convert(_ url: URL, as path: String) throws -> Converter.Result {
        let text = try Paths.read(url)
        let tree = Parser.parse(source: text)
        #expect(!tree.hasError, "\(path) parses")
        return Converter.convert([(path: path, text: text, tree: SourceFileSyntaxBox(tree))])[0]
    }

    static func check(_ result: Converter.Result, golden: URL) throws {
        if Paths.updateGolden {
            try Data(result.text.utf8).write(to: golden)
            return
        }
        let expected = try Paths.read(golden)
        #expect(result.text == expected, "\(golden.lastPathComponent) differs from convert's output:\n\(UnifiedDiff.diff(expected, result.text, oldName: "golden", newName: "convert"))")
    }

    @Test(arguments: Paths.swiftFiles(in: Paths.fixtures.appendingPathComponent("Convert")).map(\.lastPathComponent))
    func fixtureConvertsToItsCompiledGolden(_ name: String) throws {
        let result = try Self.convert(Paths.fixtures.appendingPathComponent("Convert/\(name)"), as: name)
        try Self.check(result, golden: Paths.compiled.appendingPathComponent("Fixtures/\(name)"))
        #expect(!result.text.contains("import Rx"))
    }

    @Test(arguments: samples)
    func sampleViewModelConvertsToItsCompiledGolden(_ sample: String) throws {
        let source = Paths.repository.appendingPathComponent("Samples/\(sample)/RxViewModel.swift")
        let result = try Self.convert(source, as: "Samples/\(sample)/RxViewModel.swift")
        try Self.check(result, golden: Paths.compiled.appendingPathComponent("Samples/\(sample)RxViewModel.swift"))
    }

    @Test(arguments: Paths.swiftFiles(in: Paths.fixtures.appendingPathComponent("ConvertNotExact")).map(\.lastPathComponent))
    func notExactCodeKeepsItsRxCallsWithNotes(_ name: String) throws {
        let result = try Self.convert(Paths.fixtures.appendingPathComponent("ConvertNotExact/\(name)"), as: name)
        try Self.check(result, golden: Paths.fixtures.appendingPathComponent("ConvertedWithNotes/\(name)"))
        #expect(result.text.contains(Converter.marker))
        #expect(!result.notes.isEmpty)
    }

    /// MigrationGuide.md's worked example quotes `convert --diff` of the currency sample as it is.
    @Test func guideQuotesTheCurrencySampleDiff() throws {
        let path = "Samples/Currency/RxViewModel.swift"
        let source = try Paths.read(Paths.repository.appendingPathComponent(path))
        let result = try Self.convert(Paths.repository.appendingPathComponent(path), as: path)
        let diff = UnifiedDiff.diff(source, result.text, oldName: "a/\(path)", newName: "b/\(path)")
        let guide = try Paths.read(Paths.repository.appendingPathComponent("MigrationGuide.md"))
        let start = try #require(guide.range(of: "```diff\n--- a/\(path)\n"), "the guide quotes no diff of \(path)")
        let end = try #require(guide[start.upperBound...].range(of: "\n```\n"))
        let quoted = String(guide[guide.index(start.lowerBound, offsetBy: 8)..<end.lowerBound]) + "\n"
        #expect(quoted == diff, "MigrationGuide.md's diff of \(path) differs from convert's (paste `rxmigrate convert --diff \(path)`):\n\(UnifiedDiff.diff(quoted, diff, oldName: "guide", newName: "convert"))")
    }
}
