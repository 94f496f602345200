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

    @Test func testAndBlockingModulesAreRenamedAndCompile() {
        let result = Self.adopt("import RxBlocking\nimport RxTest\nimport XCTest\n\nlet first = try Observable.just(1).toBlocking().first()\n")
        #expect(result.text == "import RxKitBlocking\nimport RxKitTest\nimport XCTest\n\nlet first = try Observable.just(1).toBlocking().first()\n")
        // RxKitBlocking has toBlocking() and its operators: nothing here is left that will not compile.
        #expect(result.blockers.isEmpty)
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

/// `adopt` lists only UIKit bindings as what will not compile: every module it imports is a product of
/// ReactiveBridge, and the RxSwift, RxRelay, RxCocoa and RxBlocking API it leaves in place is declared in the
/// sources of RxKit and RxKitBlocking.
@Suite struct RxKitGapTests {
    static func source(of modules: [String]) -> String {
        var text = ""
        for module in modules {
            let root = Paths.repository.appendingPathComponent("Sources/\(module)")
            let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                if url.pathExtension == "swift" { text += (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
            }
        }
        return text
    }

    @Test func everyModuleAdoptImportsIsAProduct() throws {
        let manifest = try Paths.read(Paths.repository.appendingPathComponent("Package.swift"))
        for module in Set(Adopter.moduleMap.values) {
            #expect(manifest.contains(".library(name: \"\(module)\""), "adopt imports \(module), which ReactiveBridge does not ship")
        }
    }

    @Test func theAPIAdoptLeavesInPlaceExists() {
        let rxKit = Self.source(of: ["RxKit"])
        #expect(rxKit.count > 10_000, "RxKit's sources were not found")
        for name in ["flatMapLatest", "distinctUntilChanged", "withLatestFrom", "groupBy", "window", "asDriver", "drive", "bind",
                     "disposed", "share", "observe", "throttle", "debounce", "retry"] {
            #expect(rxKit.contains("func \(name)"), "RxKit lacks \(name): adopt must list it as what will not compile")
        }
        for type in ["PublishRelay", "BehaviorRelay", "ReplayRelay", "Driver", "Signal", "DisposeBag", "ControlEvent", "Binder"] {
            #expect(rxKit.contains(" \(type)"), "RxKit lacks \(type)")
        }
        let blocking = Self.source(of: ["RxKitBlocking"])
        #expect(blocking.count > 1_000, "RxKitBlocking's sources were not found")
        for name in ["toBlocking", "first", "last", "single", "toArray", "materialize"] {
            #expect(blocking.contains("func \(name)("), "RxKitBlocking lacks \(name): adopt must list it as what will not compile")
        }
    }
}
