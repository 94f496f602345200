import Foundation

/// Paths of the fixtures and the repository, from this file's place.
enum Paths {
    /// Migrator/Tests/MigratorTests
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let fixtures = tests.appendingPathComponent("Fixtures")
    /// Migrator/Tests/ConvertedFixtures: the compiled golden outputs.
    static let compiled = tests.deletingLastPathComponent().appendingPathComponent("ConvertedFixtures")
    /// The repository root.
    static let repository = tests.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Set RXMIGRATE_UPDATE_GOLDEN=1 to write the golden files instead of comparing with them.
    static let updateGolden = ProcessInfo.processInfo.environment["RXMIGRATE_UPDATE_GOLDEN"] == "1"

    static func read(_ url: URL) throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    static func swiftFiles(in directory: URL) -> [URL] {
        ((try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
    }
}
