/// The outcome of one parity check: both timelines, the expectation, and a readable message.
public struct ParityReport<Value: Equatable>: CustomStringConvertible {
    /// The scripts played, as `"name" (hot)`.
    public let scripts: [String]
    /// The options of the run.
    public let options: ParityOptions
    /// What the RxKit subscriber saw.
    public let rx: ParityTimeline<Value>
    /// What the CombineKit subscriber saw.
    public let combine: ParityTimeline<Value>
    /// What the mixed (bridged) pipeline's subscriber saw, if there was one.
    public let mixed: ParityTimeline<Value>?
    /// What was expected.
    public let expectation: ParityExpectation<Value>

    /// Why the check failed, one line per problem (empty when it passed).
    public let problems: [String]

    /// Whether the runs met the expectation.
    public var passed: Bool { problems.isEmpty }

    /// Whether the timelines were recorded in a scripted session (times in ms) rather than run by the harness.
    private let recorded: Bool

    init(scripts: [String], options: ParityOptions, rx: ParityTimeline<Value>, combine: ParityTimeline<Value>,
         mixed: ParityTimeline<Value>?, expectation: ParityExpectation<Value>, recorded: Bool = false) {
        self.recorded = recorded
        self.scripts = scripts
        self.options = options
        self.rx = rx
        self.combine = combine
        self.mixed = mixed
        self.expectation = expectation
        self.problems = ParityReport.problems(rx: rx, combine: combine, mixed: mixed, expectation: expectation)
    }

    /// A report on timelines recorded in a scripted session: `name` says what was recorded.
    init(recorded name: String, rx: ParityTimeline<Value>, combine: ParityTimeline<Value>, mixed: ParityTimeline<Value>?,
         expectation: ParityExpectation<Value>) {
        self.init(scripts: [name], options: ParityOptions(), rx: rx, combine: combine, mixed: mixed, expectation: expectation,
                  recorded: true)
    }

    private static func problems(rx: ParityTimeline<Value>, combine: ParityTimeline<Value>, mixed: ParityTimeline<Value>?,
                                 expectation: ParityExpectation<Value>) -> [String] {
        var problems: [String] = []
        switch expectation.kind {
        case .same:
            if rx != combine { problems.append("RxKit and CombineKit timelines differ.") }
            if let stated = expectation.rx, !stated.matches(rx) { problems.append("RxKit differs from the stated timeline \(stated).") }
            if let stated = expectation.combine, !stated.matches(combine) { problems.append("CombineKit differs from the stated timeline \(stated).") }
        case .difference, .knownBug:
            if let stated = expectation.rx, !stated.matches(rx) { problems.append("RxKit no longer does what the declaration pins: \(stated).") }
            if let stated = expectation.combine, !stated.matches(combine) { problems.append("CombineKit no longer does what the declaration pins: \(stated).") }
            if rx == combine {
                let what = expectationIsBug(expectation) ? "known bug" : "expected difference"
                problems.append("The timelines are now equal: the \(what) declaration is stale; remove it.")
            }
        }
        if let mixed, mixed != rx { problems.append("The mixed (bridged) pipeline differs from the RxKit timeline.") }
        return problems
    }

    private static func expectationIsBug(_ expectation: ParityExpectation<Value>) -> Bool {
        if case .knownBug = expectation.kind { return true }
        return false
    }

    /// The failure message: what went wrong, then the timelines side by side with the first divergence
    /// marked `>>`. Empty when the check passed.
    public var message: String {
        passed ? "" : description
    }

    public var description: String {
        var lines: [String] = []
        lines.append(passed ? "Parity check passed" : "Parity check FAILED")
        if recorded {
            lines.append("  recorded: \(scripts.joined(separator: " + ")) (times in virtual ms)")
        } else {
            lines.append("  script: \(scripts.joined(separator: " + ")); subscribe at \(options.subscribedAt), dispose at \(options.disposedAt)"
                         + (options.combineDemand.description == "unlimited" ? "" : "; Combine demand: \(options.combineDemand)"))
        }
        lines.append("  expectation: \(expectation)")
        for problem in problems { lines.append("  - \(problem)") }
        lines.append(contentsOf: ParityReport.sideBySide(rx: rx, combine: combine, mixed: mixed))
        return lines.joined(separator: "\n")
    }

    /// A table of the timelines, row by row, with the first row where they differ marked.
    static func sideBySide(rx: ParityTimeline<Value>, combine: ParityTimeline<Value>, mixed: ParityTimeline<Value>?) -> [String] {
        var columns: [(title: String, cells: [String])] = [("RxKit", rx.records.map(\.description)), ("CombineKit", combine.records.map(\.description))]
        if let mixed { columns.append(("mixed (bridge)", mixed.records.map(\.description))) }
        let rowCount = columns.map(\.cells.count).max() ?? 0
        let firstDivergence = (0..<rowCount).first { row in
            let cells = columns.map { row < $0.cells.count ? $0.cells[row] : nil }
            return Set(cells.map { $0 ?? "\u{0}" }).count > 1
        }
        let widths = columns.map { column in max(column.title.count, column.cells.map(\.count).max() ?? 0) }
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        func line(_ marker: String, _ index: String, _ cells: [String]) -> String {
            let body = zip(cells, widths).map { pad($0, $1) }.joined(separator: " | ")
            return "  \(pad(marker, 2)) \(pad(index, 3)) | \(body)"
        }
        var lines = [line("", "#", columns.map(\.title))]
        for row in 0..<rowCount {
            let marker = row == firstDivergence ? ">>" : ""
            lines.append(line(marker, "\(row)", columns.map { row < $0.cells.count ? $0.cells[row] : "—" }))
        }
        if let firstDivergence { lines.append("  >> first divergence at row \(firstDivergence)") }
        let subs = "  input subscriptions: RxKit \(rx.subscriptions.map { "\($0)" } ?? "-"), CombineKit \(combine.subscriptions.map { "\($0)" } ?? "-")"
            + (mixed.map { ", mixed \($0.subscriptions.map { "\($0)" } ?? "-")" } ?? "")
        lines.append(subs + (rx.subscriptions != combine.subscriptions ? "  << differ" : ""))
        return lines
    }
}
