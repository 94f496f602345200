import ArgumentParser
import Foundation
import MigratorCore

extension ReportFormat: ExpressibleByArgument {}

struct Scan: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find every RxSwift/RxRelay/RxCocoa/RxTest/RxBlocking use under the paths and report what each becomes.")

    @Argument(help: "Swift files or directories to scan.")
    var paths: [String]

    @Option(help: "text, markdown, json or html.")
    var format: ReportFormat = .text

    @Option(help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(help: "Where the guide's links in the markdown and html reports point (a URL or path of MigrationGuide.md).")
    var guide = "MigrationGuide.md"

    @Option(help: "Skip (and report) files larger than this.")
    var maxFileBytes = SourceFiles.defaultMaximumBytes

    func run() throws {
        let progress = ProgressLine()
        let update: (@Sendable (Int, Int) -> Void)? = progress.enabled ? { @Sendable done, total in progress.update(done, total) } : nil
        let scanner = Scanner(maximumBytes: maxFileBytes, progress: update)
        let report = scanner.scan(paths)
        progress.finish()
        var rendered = format.render(report)
        if guide != "MigrationGuide.md" && (format == .html || format == .markdown) {
            rendered = rendered.replacingOccurrences(of: "(MigrationGuide.md#", with: "(\(guide)#")
                .replacingOccurrences(of: "href=\"MigrationGuide.md#", with: "href=\"\(guide)#")
        }
        if let output {
            do {
                try Data(rendered.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
            } catch {
                warn("rxmigrate: \(output): cannot write the report (\(error.localizedDescription))")
                throw someFilesFailed
            }
        } else {
            FileHandle.standardOutput.write(Data(rendered.utf8))
        }
        reportProblems(report.problems)
        if !report.problems.isEmpty { throw someFilesFailed }
    }
}
