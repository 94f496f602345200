import Foundation
import Testing
@testable import MigratorCore

/// Unreadable, non-UTF-8, unparsable and huge files and symlink loops: each is reported with its path and the reason,
/// the run goes on with the other files, the exit status says so, and nothing is written for a file that failed.
@Suite struct BadInputTests {
    /// A directory with one good Rx file and one of each kind of bad input.
    static func makeTree() throws -> (root: String, bad: [String: String]) {
        let root = NSTemporaryDirectory() + "rxmigrate-bad-\(UUID().uuidString)"
        let manager = FileManager.default
        try manager.createDirectory(atPath: root + "/Sub", withIntermediateDirectories: true)
        let good = "import RxSwift\n\nlet relay = PublishRelay<Int>()\nfunc send() { relay.accept(1) }\n"
        try Data(good.utf8).write(to: URL(fileURLWithPath: root + "/Good.swift"))
        var bad: [String: String] = [:]
        try Data([0x69, 0x6D, 0x70, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: root + "/Latin1.swift"))
        bad[root + "/Latin1.swift"] = "not UTF-8"
        try Data("import RxSwift\nfunc broken( {\n    relay.accept(\n".utf8).write(to: URL(fileURLWithPath: root + "/Broken.swift"))
        bad[root + "/Broken.swift"] = "syntax error at"
        try Data(("import RxSwift\n" + String(repeating: "let x = Observable.just(1)\n", count: 200)).utf8)
            .write(to: URL(fileURLWithPath: root + "/Huge.swift"))
        bad[root + "/Huge.swift"] = "too large"
        try manager.createSymbolicLink(atPath: root + "/Sub/Loop", withDestinationPath: root)
        bad[root + "/Sub/Loop"] = "symbolic link loop"
        try manager.createSymbolicLink(atPath: root + "/Dangling.swift", withDestinationPath: root + "/nowhere.swift")
        bad[root + "/Dangling.swift"] = "broken symbolic link"
        // Unreadable: only when permissions are enforced (not for root).
        try Data("// nothing Rx here, so a readable copy is left alone\n".utf8).write(to: URL(fileURLWithPath: root + "/Locked.swift"))
        try manager.setAttributes([.posixPermissions: 0], ofItemAtPath: root + "/Locked.swift")
        if FileHandle(forReadingAtPath: root + "/Locked.swift") == nil { bad[root + "/Locked.swift"] = "unreadable" }
        // Unreadable for everyone (root too): a file whose read fails with an I/O error.
        if manager.fileExists(atPath: "/proc/self/mem") {
            try manager.createSymbolicLink(atPath: root + "/Memory.swift", withDestinationPath: "/proc/self/mem")
            bad[root + "/Memory.swift"] = "unreadable"
        }
        return (root, bad)
    }

    static func contents(_ root: String) -> [String: Data] {
        var result: [String: Data] = [:]
        for name in ["Latin1.swift", "Broken.swift", "Huge.swift"] {
            result[name] = FileManager.default.contents(atPath: root + "/" + name)
        }
        return result
    }

    static let limit = 2_000

    @Test func scanReportsEachBadFileAndGoesOn() throws {
        let (root, bad) = try Self.makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let report = Scanner(maximumBytes: Self.limit).scan([root])
        for (path, reason) in bad {
            #expect(report.problems.contains { $0.path == path && $0.reason.contains(reason) }, "\(path): \(reason) in \(report.problems)")
        }
        #expect(report.problems.count == bad.count, "\(report.problems)")
        // The good file was scanned all the same.
        #expect(report.uses.contains { $0.file.hasSuffix("Good.swift") && $0.api == "accept(_:)" })
        #expect(report.totals.problems == bad.count)
    }

    @Test func adoptAndConvertWriteNothingForABadFile() throws {
        let (root, bad) = try Self.makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let before = Self.contents(root)
        let adopt = Runs.adopt([root], dryRun: false, maximumBytes: Self.limit)
        #expect(adopt.exitStatus == 1)
        #expect(adopt.written == [root + "/Good.swift"])
        #expect(Self.contents(root) == before)
        #expect(try Paths.read(URL(fileURLWithPath: root + "/Good.swift")).hasPrefix("import RxKit\n"))
        for path in bad.keys { #expect(adopt.problems.contains { $0.path == path }) }

        let convert = Runs.convert([root], mode: .inPlace, maximumBytes: Self.limit)
        #expect(convert.exitStatus == 1)
        #expect(convert.written == [root + "/Good.swift"])
        #expect(Self.contents(root) == before)
        let converted = try Paths.read(URL(fileURLWithPath: root + "/Good.swift"))
        #expect(converted.contains("PassthroughSubject<Int, Never>()") && converted.contains("relay.send(1)"))
    }

    @Test func aGoodTreeExitsWithZero() {
        let run = Runs.adopt([Paths.fixtures.appendingPathComponent("Scan/LookAlikes").path], dryRun: true)
        #expect(run.exitStatus == 0 && run.problems.isEmpty)
    }
}
