import Foundation
import Testing
@testable import MigratorCore

/// `scan` on the fixture corpus: what it finds, where, how sure, and what it does not count.
@Suite struct ScanTests {
    static let root = Paths.fixtures.appendingPathComponent("Scan").path

    static func scan(_ relative: String...) -> ScanReport {
        Scanner().scan(relative.map { root + "/" + $0 })
    }

    static func uses(_ report: ScanReport, in file: String) -> [ScanReport.Use] {
        report.uses.filter { $0.file.hasSuffix("/" + file) }
    }

    @Test func everyMatchableTableRowIsFoundInTheEveryRowFixture() {
        let report = Self.scan("Operators")
        let found = Set(report.uses.map(\.rule))
        for rule in MigrationTable.tableRules where !rule.isAlternative && !rule.apis.isEmpty {
            #expect(found.contains(rule.id), "no use of the row \(rule.id) in EveryRow.swift")
        }
        // Each use carries its rule's status, effort and link.
        for use in report.uses {
            let rule = MigrationTable.rules.first { $0.id == use.rule }!
            #expect(use.status == rule.status && use.effort == rule.effort && use.guide == rule.guideLink)
        }
        #expect(report.totals.uses == 99)
        #expect(report.problems.isEmpty)
    }

    @Test func lookAlikesAreNotCounted() {
        let report = Self.scan("LookAlikes")
        #expect(Self.uses(report, in: "OwnObservable.swift").isEmpty)
        let rx = Self.uses(report, in: "RxFileWithLookAlikes.swift")
        #expect(rx.map { "\($0.line):\($0.column) \($0.api) \($0.certainty.rawValue)" } == [
            "1:8 import RxSwift certain",
            "15:23 Observable certain",
            "15:43 Observable certain",
            "16:12 map(_:) inferred",
        ])
        #expect(report.totals.files == 2 && report.totals.filesWithUses == 1)
    }

    @Test func serviceUsesArePlacedAndClassified() {
        let uses = Self.uses(Self.scan("App"), in: "SearchService.swift")
        func at(_ line: Int, _ column: Int) -> ScanReport.Use? { uses.first { $0.line == line && $0.column == column } }
        #expect(at(27, 27)?.api == "Observable.just(_:)")
        #expect(at(27, 27)?.certainty == .certain)
        #expect(at(26, 45)?.api == ".just(_:)")
        #expect(at(26, 45)?.certainty == .inferred)
        #expect(at(29, 14)?.api == "retry(_:)")
        #expect(at(29, 14)?.status == .differs)
        #expect(at(29, 14)?.effort == .review)
        #expect(at(28, 14)?.status == .differs)
        #expect(at(33, 16)?.api == "Single.just(_:)")
        // `results.map(\.title).filter { … }` on a `[SearchResult]` parameter: not Rx.
        #expect(!uses.contains { $0.line == 37 })
        #expect(uses.count == 12)
    }

    @Test func viewModelAndViewUses() {
        let report = Self.scan("App")
        let model = Self.uses(report, in: "SearchViewModel.swift")
        #expect(model.contains { $0.line == 20 && $0.column == 14 && $0.api == "flatMapLatest(_:)" && $0.certainty == .certain && $0.effort == .mechanical })
        #expect(model.contains { $0.line == 21 && $0.api == "observe(on:)" && $0.rule == "observe(on: MainScheduler.instance)" && $0.status == .differs })
        #expect(model.contains { $0.line == 33 && $0.api == "accept(_:)" && $0.certainty == .inferred })
        #expect(model.contains { $0.line == 26 && $0.api == "subscribe(onNext:)" && $0.certainty == .certain })
        // `history.suffix(3).map { … }` on an array property: not Rx.
        #expect(!model.contains { $0.line == 29 })
        #expect(model.count == 22)

        let view = Self.uses(report, in: "SearchViewController.swift")
        #expect(view.filter { $0.api.hasPrefix("rx.") }.map(\.api) == ["rx.text", "rx.tap", "rx.items", "rx.isHidden"])
        #expect(view.allSatisfy { !$0.api.hasPrefix("rx.") || ($0.status == .noCounterpart && $0.effort == .manual) })
        // `["a", "b"].map { … }`: not Rx.
        #expect(!view.contains { $0.line == 31 })
        #expect(view.count == 16)
    }

    @Test func testHelpersAreFound() throws {
        let uses = Self.uses(Self.scan("AppTests"), in: "SearchViewModelTests.swift")
        for api in ["import RxTest", "import RxBlocking", "TestScheduler", "createHotObservable(_:)", "createObserver(_:)", "toBlocking()"] {
            #expect(uses.contains { $0.api == api }, "\(api)")
        }
        // RxKitBlocking has toBlocking(); the Combine side has no blocking operator, so the use stays manual.
        let blocking = try #require(uses.first { $0.api == "toBlocking()" })
        #expect(blocking.status == .noCounterpart && blocking.effort == .manual)
        #expect(blocking.counterpart.contains("TestSubscriber") && blocking.note.contains("RxKitBlocking"))
    }

    @Test func summariesOrderAndSeams() {
        let report = Self.scan("App", "AppTests")
        // Leaf service first, then the view model that uses it, then the view; the test last.
        #expect(report.order.map { ($0.file as NSString).lastPathComponent } == [
            "SearchService.swift", "SearchViewModel.swift", "SearchViewController.swift", "SearchViewModelTests.swift",
        ])
        #expect(report.order[1].after.map { ($0 as NSString).lastPathComponent } == ["SearchService.swift"])
        #expect(report.order.map(\.layer) == ["service", "view model", "view", "test"])
        // The public API that shows Rx types: the service protocol's requirements and the view model's outputs.
        let seams = report.publicRxAPI.flatMap { file in file.declarations.map { "\((file.file as NSString).lastPathComponent):\($0.line) \($0.declaration)" } }
        #expect(seams.contains("SearchService.swift:14 func search(_ query: String) -> Observable<[SearchResult]>"))
        #expect(seams.contains("SearchService.swift:15 func suggestions() -> Single<[String]>"))
        #expect(seams.contains("SearchViewModel.swift:10 let results: Driver<[SearchResult]>"))
        #expect(!report.files.first { $0.path.hasSuffix("SearchViewController.swift") }!.exposesRxInPublicAPI)
        // Totals agree with the parts.
        #expect(report.totals.uses == report.uses.count)
        #expect(report.totals.uses == report.files.reduce(0) { $0 + $1.counts.uses })
        #expect(report.totals.uses == report.directories.reduce(0) { $0 + $1.counts.uses })
        #expect(report.totals.uses == report.apis.reduce(0) { $0 + $1.count })
        #expect(report.totals.mechanical + report.totals.review + report.totals.manual == report.totals.uses)
        #expect(report.totals.certain + report.totals.inferred == report.totals.uses)
        #expect(abs(report.totals.readiness - Double(report.totals.mechanical) / Double(report.totals.uses)) < 1e-9)
    }

    @Test func formats() {
        let report = Self.scan("App")
        let text = ReportFormat.text.render(report)
        #expect(text.hasPrefix("rxmigrate scan: \(report.totals.uses) Rx uses"))
        #expect(text.contains("Suggested order"))
        let markdown = ReportFormat.markdown.render(report)
        #expect(markdown.contains("| Location | API | Certainty | Counterpart | Status | Effort |"))
        let html = ReportFormat.html.render(report)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("<svg") && html.contains("href=\"MigrationGuide.md#"))
        // Self-contained: nothing loaded from elsewhere.
        #expect(!html.contains("<script") && !html.contains("<link") && !html.contains("src="))
        // Same input, same bytes.
        #expect(ReportFormat.json.render(report) == ReportFormat.json.render(Self.scan("App")))
    }
}
