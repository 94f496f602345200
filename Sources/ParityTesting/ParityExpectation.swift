/// What a parity check expects of the two runs.
///
/// - `.same`: RxKit and CombineKit produce the same timeline (optionally also equal to a stated one,
///   worked out from the frameworks' documentation, so the check cannot pass by both sides being wrong
///   in the same way).
/// - `.difference`: a documented, intended divergence between RxSwift and Combine. Both timelines are
///   stated, so the difference is pinned: the check fails if either side changes, and also if the two
///   sides stop differing (then the declaration is stale and should go).
/// - `.knownBug`: a divergence caused by a bug in *our* implementation, pinned the same way and
///   reported as a bug, so that fixing it makes the check fail and the declaration gets removed.
public struct ParityExpectation<Value: Equatable>: CustomStringConvertible {
    /// The kind of expectation.
    public enum Kind: Equatable, Sendable {
        /// Both sides agree.
        case same
        /// The frameworks are documented to differ; the string says how and why.
        case difference(String)
        /// Our implementation has a bug; the string names it and who owns it.
        case knownBug(String)
    }

    /// The kind.
    public let kind: Kind
    /// The timeline RxKit must produce (for `.same`, optional: the one both must produce).
    public let rx: ParityTimeline<Value>?
    /// The timeline CombineKit must produce (unused for `.same`).
    public let combine: ParityTimeline<Value>?

    /// Both sides produce the same timeline.
    public static var same: ParityExpectation { ParityExpectation(kind: .same, rx: nil, combine: nil) }

    /// Both sides produce `timeline`.
    public static func same(as timeline: ParityTimeline<Value>) -> ParityExpectation {
        ParityExpectation(kind: .same, rx: timeline, combine: timeline)
    }

    /// A documented difference between the frameworks: `reason` explains it (cite the docs), `rx` and
    /// `combine` pin what each side does.
    public static func difference(_ reason: String, rx: ParityTimeline<Value>, combine: ParityTimeline<Value>) -> ParityExpectation {
        ParityExpectation(kind: .difference(reason), rx: rx, combine: combine)
    }

    /// A bug in our RxKit, CombineKit or bridge: `description` names it, `rx` and `combine` pin what
    /// each side does today.
    public static func knownBug(_ description: String, rx: ParityTimeline<Value>, combine: ParityTimeline<Value>) -> ParityExpectation {
        ParityExpectation(kind: .knownBug(description), rx: rx, combine: combine)
    }

    public var description: String {
        switch kind {
        case .same: return rx.map { "same as \($0)" } ?? "same"
        case .difference(let reason): return "expected difference: \(reason)"
        case .knownBug(let text): return "KNOWN BUG: \(text)"
        }
    }
}
