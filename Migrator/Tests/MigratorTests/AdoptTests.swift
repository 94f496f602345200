import Foundation
import SwiftParser
import Testing
@testable import MigratorCore

/// `adopt`: imports switched once per file, what will not compile listed, idempotent, a diff on --dry-run.
@Suite struct AdoptTests {
    static func adopt(_ text: String, extensions: Set<String> = []) -> Adopter.Result {
        Adopter.adopt(text, tree: Parser.parse(source: text), path: "File.swift", reactiveExtensions: extensions)
    }

    @Test func importsBecomeRxKitOnce() {
        let result = Self.adopt("import Foundation\nimport RxSwift\nimport RxRelay\n  import RxCocoa // bindings\n\nlet x = 1\n")
        #expect(result.text == "import Foundation\nimport RxKit\n\nlet x = 1\n")
        #expect(Self.adopt(result.text).changed == false)
    }

    @Test func testModulesAndBlockingAreRenamedAndReported() {
        let result = Self.adopt("import RxBlocking\nimport RxTest\nimport XCTest\n\nlet first = try Observable.just(1).toBlocking().first()\n")
        #expect(result.text.hasPrefix("import RxKitBlocking\nimport RxKitTest\nimport XCTest\n"))
        #expect(result.blockers.map(\.line) == [1, 5])
        #expect(result.blockers[0].message.contains("no RxKitBlocking module"))
        #expect(result.blockers[1].message.contains("toBlocking"))
    }

    @Test func uiKitBindingsAreListedUnlessTheProjectDeclaresThem() {
        let text = "import RxCocoa\nimport UIKit\n\nfunc bind(_ button: UIButton, _ label: UILabel) {\n    _ = button.rx.tap\n    _ = label.rx.title\n}\n"
        let result = Self.adopt(text, extensions: ["title"])
        #expect(result.blockers.count == 1)
        #expect(result.blockers.first?.description == "File.swift:5:19: rx.tap is an RxCocoa UIKit binding; RxKit has no UIKit bindings: keep RxCocoa for this view or bind with subscribe/drive")
    }

    @Test func runOnTheFixturesIsIdempotentAndDryRunWritesNothing() throws {
        let root = NSTemporaryDirectory() + "rxmigrate-adopt-\(UUID().uuidString)"
        try FileManager.default.copyItem(atPath: Paths.fixtures.appendingPathComponent("Scan").path, toPath: root)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let model = root + "/App/ViewModels/SearchViewModel.swift"
        let before = try Paths.read(URL(fileURLWithPath: model))
        let dry = Runs.adopt([root], dryRun: true)
        #expect(try Paths.read(URL(fileURLWithPath: model)) == before)
        #expect(dry.output.contains("--- a/\(model)\n+++ b/\(model)\n@@ -1,7 +1,5 @@\n import Foundation\n-import RxCocoa\n-import RxRelay\n-import RxSwift\n+import RxKit\n"))
        #expect(dry.output.contains("SearchViewController.swift:16:24: rx.text is an RxCocoa UIKit binding"))
        let first = Runs.adopt([root], dryRun: false)
        #expect(first.written.count == 6 && first.exitStatus == 0)
        #expect(try Paths.read(URL(fileURLWithPath: model)).hasPrefix("import Foundation\nimport RxKit\n\n"))
        let second = Runs.adopt([root], dryRun: false)
        #expect(second.written.isEmpty)
        #expect(second.messages.last == "rxmigrate adopt: changed 0 of 7 Rx files")
    }
}

/// The APIs `adopt` reports as missing from RxKit are missing from RxKit's sources, and the ones it does not
/// report are there.
@Suite struct RxKitGapTests {
    static func rxKitSource() -> String {
        let root = Paths.repository.appendingPathComponent("Sources/RxKit")
        var text = ""
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "swift" { text += (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        }
        return text
    }

    @Test func missingAPIsAreMissingAndTheOthersExist() {
        let source = Self.rxKitSource()
        #expect(source.count > 10_000, "RxKit's sources were not found")
        for name in Adopter.missingAPIs.keys {
            #expect(!source.contains("func \(name)"), "RxKit declares \(name) now: drop it from Adopter.missingAPIs")
        }
        for name in ["flatMapLatest", "distinctUntilChanged", "withLatestFrom", "groupBy", "window", "asDriver", "drive", "bind",
                     "disposed", "share", "observe", "throttle", "debounce", "retry"] {
            #expect(source.contains("func \(name)"), "RxKit lacks \(name): add it to Adopter.missingAPIs")
        }
        for type in ["PublishRelay", "BehaviorRelay", "ReplayRelay", "Driver", "Signal", "DisposeBag", "ControlEvent", "Binder"] {
            #expect(source.contains(" \(type)"), "RxKit lacks \(type)")
        }
    }
}
