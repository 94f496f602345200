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
