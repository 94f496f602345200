/// The three ways each sample feature is written.
public enum SampleStyle: String, CaseIterable, Sendable {
    /// RxKit only (RxSwift style).
    case rx = "Rx"
    /// CombineKit (+ CombineKitExt) only.
    case combine = "Combine"
    /// One layer migrated, joined to the other by RxCombineBridge.
    case mixed = "Mixed"
}

/// One style's display timeline for a scripted session.
public struct StyleRun: Equatable, Sendable {
    /// Which style produced it.
    public let style: SampleStyle
    /// What its headless view displayed.
    public let timeline: DisplayTimeline

    /// `style`'s run, showing `timeline`.
    public init(style: SampleStyle, timeline: DisplayTimeline) {
        self.style = style
        self.timeline = timeline
    }
}

/// Whether every style displayed the same timeline as the first (the reference, Rx).
public enum ParityVerdict: Equatable, Sendable, CustomStringConvertible {
    /// All timelines are equal: same texts at the same virtual times, in the same order.
    case identical
    /// At least one timeline differs; one line per style that differs, naming the first difference.
    case different([String])

    /// Compares every run with the first.
    public init(_ runs: [StyleRun]) {
        guard let reference = runs.first else {
            self = .identical
            return
        }
        var differences: [String] = []
        for run in runs.dropFirst() where run.timeline != reference.timeline {
            differences.append(Self.firstDifference(reference, run))
        }
        self = differences.isEmpty ? .identical : .different(differences)
    }

    /// `true` for `.identical`.
    public var passed: Bool { self == .identical }

    /// `"PARITY: identical"` or `"PARITY: DIFFERENT"` followed by the differences.
    public var description: String {
        switch self {
        case .identical:
            return "PARITY: identical"
        case .different(let lines):
            return (["PARITY: DIFFERENT"] + lines.map { "  - " + $0 }).joined(separator: "\n")
        }
    }

    private static func firstDifference(_ reference: StyleRun, _ other: StyleRun) -> String {
        let lhs = reference.timeline.events
        let rhs = other.timeline.events
        for index in 0..<max(lhs.count, rhs.count) {
            let left = index < lhs.count ? lhs[index].description : "(nothing)"
            let right = index < rhs.count ? rhs[index].description : "(nothing)"
            if left != right {
                return "\(other.style.rawValue) differs from \(reference.style.rawValue) at event #\(index + 1): "
                    + "\(reference.style.rawValue) shows \"\(left)\", \(other.style.rawValue) shows \"\(right)\""
            }
        }
        return "\(other.style.rawValue) differs from \(reference.style.rawValue)"
    }
}

/// One feature's scripted session run in every style: what the demo prints and parity tests check.
///
/// Each sample feature exposes it as
/// `public enum <Feature>Demo { public static let name: String; public static func run() -> SampleRun }`.
public struct SampleRun: Sendable {
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
    public func timeline(_ style: SampleStyle) -> DisplayTimeline? {
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
