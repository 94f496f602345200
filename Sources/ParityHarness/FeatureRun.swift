/// One feature's scripted session run in every style: what the demo prints and parity tests check.
///
/// Build one from a `ScriptedSession`'s `timeline` and one `StyleRun` per style (each a
/// `DisplayRecorder`'s `frames`); `report()` renders the side-by-side table and `verdict` says whether the
/// styles agree. The samples expose theirs as `<Feature>Demo.run()`.
public struct FeatureRun: Sendable {
    /// The feature's name as the demo's command line takes it ("currency").
    public let feature: String
    /// One line saying what the session does.
    public let summary: String
    /// The user's actions, as a timeline of labels.
    public let script: DisplayTimeline
    /// One run per style, the reference (Rx) first.
    public let runs: [StyleRun]
    /// Notes for readers: known framework differences and how the view models handle them.
    public let notes: [String]

    /// A run of `feature`'s session; `runs` should start with the reference style.
    public init(feature: String, summary: String, script: DisplayTimeline, runs: [StyleRun], notes: [String] = []) {
        self.feature = feature
        self.summary = summary
        self.script = script
        self.runs = runs
        self.notes = notes
    }

    /// Whether every style displayed the same timeline.
    public var verdict: ParityVerdict { ParityVerdict(runs) }

    /// The timeline of `style`, if it was run.
    public func timeline(_ style: ParityStyle) -> DisplayTimeline? {
        runs.first { $0.style == style }?.timeline
    }

    /// The report the demo prints: a heading, the side-by-side timelines and the verdict.
    /// User actions appear as `>` lines at their times.
    public func report(columnWidth: Int = 36) -> String {
        var lines = ["== \(feature): \(summary)"]
        let columns = runs.map { ($0.style.rawValue, $0.timeline) }
        lines.append(SideBySide.render(columns, columnWidth: columnWidth, actions: script))
        lines += notes.map { "note: " + $0 }
        lines.append(verdict.description)
        return lines.joined(separator: "\n")
    }
}
