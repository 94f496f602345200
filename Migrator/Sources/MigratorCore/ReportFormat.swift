import Foundation

/// The formats `scan` writes.
public enum ReportFormat: String, CaseIterable, Sendable {
    case text, markdown, json, html

    /// The report in this format.
    public func render(_ report: ScanReport) -> String {
        switch self {
        case .text: TextReport.render(report)
        case .markdown: MarkdownReport.render(report)
        case .json: JSONReport.render(report)
        case .html: HTMLReport.render(report)
        }
    }
}

enum JSONReport {
    static func render(_ report: ScanReport) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(report)) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// Shared wording of the reports.
enum ReportText {
    static func percent(_ share: Double) -> String {
        "\(Int((share * 100).rounded()))%"
    }

    static func number(_ value: Int) -> String {
        let digits = String(value)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return out
    }

    static func headline(_ report: ScanReport) -> String {
        let totals = report.totals
        return "\(number(totals.uses)) Rx uses (\(number(totals.certain)) certain, \(number(totals.inferred)) inferred) in "
            + "\(number(totals.filesWithUses)) of \(number(totals.files)) files, \(number(totals.lines)) lines"
    }

    static func readiness(_ report: ScanReport) -> String {
        let totals = report.totals
        return "Readiness: \(percent(totals.readiness)) mechanical (\(number(totals.mechanical)) uses `convert` does), "
            + "\(number(totals.review)) to review, \(number(totals.manual)) manual"
    }

    static func status(_ status: MigrationStatus) -> String { status.rawValue }

    static func padded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

enum TextReport {
    static func render(_ report: ScanReport) -> String {
        var out = "rxmigrate scan: \(ReportText.headline(report))\n\(ReportText.readiness(report))\n"
        let directories = report.directories.filter { $0.counts.uses > 0 }
        if !directories.isEmpty {
            out += "\nBy directory\n"
            let width = directories.map(\.path.count).max() ?? 0
            for directory in directories {
                let counts = directory.counts
                out += "  \(ReportText.padded(directory.path, width))  \(ReportText.padded(String(counts.uses), 5)) uses"
                out += "  mechanical \(counts.mechanical), review \(counts.review), manual \(counts.manual)\n"
            }
        }
        let files = report.files.filter { $0.counts.uses > 0 }
        if !files.isEmpty {
            out += "\nBy file\n"
            let width = files.map(\.path.count).max() ?? 0
            for file in files {
                let counts = file.counts
                out += "  \(ReportText.padded(file.path, width))  \(ReportText.padded(String(counts.uses), 5)) uses"
                out += "  mechanical \(counts.mechanical), review \(counts.review), manual \(counts.manual)  (\(file.layer))\n"
            }
        }
        if !report.apis.isEmpty {
            out += "\nBy API\n"
            let width = min(40, report.apis.map(\.api.count).max() ?? 0)
            for api in report.apis {
                out += "  \(ReportText.padded(api.api, width))  \(ReportText.padded(String(api.count), 5))"
                out += " \(ReportText.padded(api.status.rawValue, 14)) \(ReportText.padded(api.effort.rawValue, 10)) → \(api.counterpart)\n"
            }
        }
        if !report.publicRxAPI.isEmpty {
            out += "\nPublic API exposing Rx types (where the bridge goes)\n"
            for file in report.publicRxAPI {
                for declaration in file.declarations {
                    out += "  \(file.file):\(declaration.line)  \(declaration.declaration)\n"
                }
            }
        }
        if !report.order.isEmpty {
            out += "\nSuggested order (each file after the files it uses)\n"
            for (index, step) in report.order.enumerated() {
                out += "  \(index + 1). \(step.file)  [\(step.layer), \(step.uses) uses]"
                out += step.after.isEmpty ? "\n" : "  after \(step.after.joined(separator: ", "))\n"
            }
        }
        if !report.uses.isEmpty {
            out += "\nUses\n"
            for use in report.uses {
                out += "  \(use.file):\(use.line):\(use.column)  \(use.api)  [\(use.certainty.rawValue), \(use.status.rawValue), \(use.effort.rawValue)]"
                out += "  → \(use.counterpart)\n"
            }
        }
        out += problems(report)
        return out
    }

    static func problems(_ report: ScanReport) -> String {
        guard !report.problems.isEmpty else { return "" }
        var out = "\nProblems (files not scanned)\n"
        for problem in report.problems { out += "  \(problem.path): \(problem.reason)\n" }
        return out
    }
}

enum MarkdownReport {
    static func render(_ report: ScanReport) -> String {
        var out = "# Rx inventory\n\n\(ReportText.headline(report)).\n\n\(ReportText.readiness(report)).\n"
        out += "\n## By directory\n\n| Directory | Files | Lines | Uses | Mechanical | Review | Manual |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |\n"
        for directory in report.directories where directory.counts.uses > 0 {
            let counts = directory.counts
            out += "| `\(directory.path)` | \(directory.files) | \(directory.lines) | \(counts.uses) | \(counts.mechanical) | \(counts.review) | \(counts.manual) |\n"
        }
        out += "\n## By API\n\n| API | Uses | Counterpart | Status | Effort |\n| --- | ---: | --- | --- | --- |\n"
        for api in report.apis {
            out += "| [`\(escape(api.api))`](\(api.guide)) | \(api.count) | \(escape(api.counterpart)) | \(api.status.rawValue) | \(api.effort.rawValue) |\n"
        }
        if !report.publicRxAPI.isEmpty {
            out += "\n## Public API exposing Rx types\n\n"
            for file in report.publicRxAPI {
                for declaration in file.declarations {
                    out += "- `\(file.file):\(declaration.line)` `\(escape(declaration.declaration))`\n"
                }
            }
        }
        out += "\n## Suggested order\n\n"
        for (index, step) in report.order.enumerated() {
            out += "\(index + 1). `\(step.file)` (\(step.layer), \(step.uses) uses)"
            out += step.after.isEmpty ? "\n" : " after " + step.after.map { "`\($0)`" }.joined(separator: ", ") + "\n"
        }
        out += "\n## Uses\n\n| Location | API | Certainty | Counterpart | Status | Effort |\n| --- | --- | --- | --- | --- | --- |\n"
        for use in report.uses {
            out += "| `\(use.file):\(use.line):\(use.column)` | [`\(escape(use.api))`](\(use.guide)) | \(use.certainty.rawValue) | "
            out += "\(escape(use.counterpart)) | \(use.status.rawValue)\(use.note.isEmpty ? "" : ": " + escape(use.note)) | \(use.effort.rawValue) |\n"
        }
        if !report.problems.isEmpty {
            out += "\n## Problems\n\n"
            for problem in report.problems { out += "- `\(problem.path)`: \(problem.reason)\n" }
        }
        return out
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}

enum HTMLReport {
    static func render(_ report: ScanReport) -> String {
        var out = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>Rx inventory</title>
        <style>
        body{font:14px/1.45 -apple-system,system-ui,sans-serif;margin:2em auto;max-width:72em;color:#222;padding:0 1em}
        table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border-bottom:1px solid #ddd;padding:.25em .6em;text-align:left;vertical-align:top}
        th{background:#f4f4f4}code{font:12px ui-monospace,Menlo,monospace}.n{text-align:right}
        .same{color:#17692c}.differs{color:#9a5b00}.bridge-only,.no-counterpart{color:#a0182b}
        .bar{fill:#3d6fb6}.label{font:12px ui-monospace,monospace}
        </style></head><body>
        <h1>Rx inventory</h1>

        """
        out += "<p>\(html(ReportText.headline(report))).</p>\n<p><strong>\(html(ReportText.readiness(report))).</strong></p>\n"
        out += "<h2>Uses per directory</h2>\n" + chart(report)
        out += "<table><tr><th>Directory</th><th class=n>Files</th><th class=n>Lines</th><th class=n>Uses</th><th class=n>Mechanical</th><th class=n>Review</th><th class=n>Manual</th></tr>\n"
        for directory in report.directories where directory.counts.uses > 0 {
            let counts = directory.counts
            out += "<tr><td><code>\(html(directory.path))</code></td><td class=n>\(directory.files)</td><td class=n>\(directory.lines)</td>"
            out += "<td class=n>\(counts.uses)</td><td class=n>\(counts.mechanical)</td><td class=n>\(counts.review)</td><td class=n>\(counts.manual)</td></tr>\n"
        }
        out += "</table>\n<h2>By API</h2>\n<table><tr><th>API</th><th class=n>Uses</th><th>Counterpart</th><th>Status</th><th>Effort</th></tr>\n"
        for api in report.apis {
            out += "<tr><td><a href=\"\(html(api.guide))\"><code>\(html(api.api))</code></a></td><td class=n>\(api.count)</td>"
            out += "<td><code>\(html(api.counterpart))</code></td><td class=\"\(api.status.rawValue)\">\(api.status.rawValue)</td><td>\(api.effort.rawValue)</td></tr>\n"
        }
        out += "</table>\n"
        if !report.publicRxAPI.isEmpty {
            out += "<h2>Public API exposing Rx types</h2>\n<ul>\n"
            for file in report.publicRxAPI {
                for declaration in file.declarations {
                    out += "<li><code>\(html(file.file)):\(declaration.line)</code> <code>\(html(declaration.declaration))</code></li>\n"
                }
            }
            out += "</ul>\n"
        }
        out += "<h2>Suggested order</h2>\n<ol>\n"
        for step in report.order {
            out += "<li><code>\(html(step.file))</code> (\(step.layer), \(step.uses) uses)"
            out += step.after.isEmpty ? "</li>\n" : " after " + step.after.map { "<code>\(html($0))</code>" }.joined(separator: ", ") + "</li>\n"
        }
        out += "</ol>\n<h2>Uses</h2>\n<table><tr><th>Location</th><th>API</th><th>Recipe</th><th>Status</th><th>Effort</th><th>Certainty</th></tr>\n"
        for use in report.uses {
            out += "<tr><td><code>\(html(use.file)):\(use.line):\(use.column)</code></td><td><code>\(html(use.api))</code></td>"
            out += "<td>→ <code>\(html(use.counterpart))</code>\(use.note.isEmpty ? "" : "<br>" + html(use.note)) "
            out += "<a href=\"\(html(use.guide))\">guide</a></td><td class=\"\(use.status.rawValue)\">\(use.status.rawValue)</td>"
            out += "<td>\(use.effort.rawValue)</td><td>\(use.certainty.rawValue)</td></tr>\n"
        }
        out += "</table>\n"
        if !report.problems.isEmpty {
            out += "<h2>Problems</h2>\n<ul>\n"
            for problem in report.problems { out += "<li><code>\(html(problem.path))</code>: \(html(problem.reason))</li>\n" }
            out += "</ul>\n"
        }
        return out + "</body></html>\n"
    }

    /// A horizontal bar per directory with uses, as inline SVG.
    static func chart(_ report: ScanReport) -> String {
        let rows = report.directories.filter { $0.counts.uses > 0 }
        guard let largest = rows.map(\.counts.uses).max() else { return "<p>No Rx uses.</p>\n" }
        let labelWidth = min(420, 8 * (rows.map(\.path.count).max() ?? 0) + 10)
        let barWidth = 400
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(labelWidth + barWidth + 60)\" height=\"\(rows.count * 22 + 4)\" role=\"img\" aria-label=\"Rx uses per directory\">\n"
        for (index, row) in rows.enumerated() {
            let y = index * 22 + 2
            let width = max(1, row.counts.uses * barWidth / largest)
            svg += "<text class=\"label\" x=\"\(labelWidth - 6)\" y=\"\(y + 14)\" text-anchor=\"end\">\(html(row.path))</text>"
            svg += "<rect class=\"bar\" x=\"\(labelWidth)\" y=\"\(y)\" width=\"\(width)\" height=\"18\"/>"
            svg += "<text class=\"label\" x=\"\(labelWidth + width + 4)\" y=\"\(y + 14)\">\(row.counts.uses)</text>\n"
        }
        return svg + "</svg>\n"
    }

    static func html(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}
