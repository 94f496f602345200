import Foundation
import Testing

/// What the package shares between its modules but users must not reach is `package` (the primitives
/// module, the kits' internals the bridge and the extensions use), never an SPI group: a user can opt
/// into an SPI with an attribute on the import, not into `package` declarations.
@Suite struct PackageAccessTests {
    /// The repository's root: this file is `Tests/ReactiveBridgePrimitivesTests/PackageAccessTests.swift`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func noSourceFileDeclaresOrImportsAnSPIGroup() throws {
        // Spelt in two parts so that this file does not match itself.
        let attribute = "@_" + "spi("
        var hits: [String] = []
        for folder in ["Sources", "Tests", "Samples", "Benchmarks"] {
            let directory = Self.root.appendingPathComponent(folder)
            // Hidden folders (a `.build` of the benchmarks package) are skipped.
            let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
            let files = (enumerator?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
            for file in files {
                let text = try String(contentsOf: file, encoding: .utf8)
                for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.contains(attribute) {
                    let path = file.path.dropFirst(Self.root.path.count + 1)
                    hits.append("\(path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(hits.isEmpty, "SPI attributes left (use `package` access instead):\n\(hits.joined(separator: "\n"))")
    }
}
