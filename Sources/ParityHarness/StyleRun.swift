/// One style's display timeline for a scripted session.
public struct StyleRun: Equatable, Sendable {
    /// Which style produced it.
    public let style: ParityStyle
    /// What its headless view displayed.
    public let timeline: DisplayTimeline

    /// `style`'s run, showing `timeline`.
    public init(style: ParityStyle, timeline: DisplayTimeline) {
        self.style = style
        self.timeline = timeline
    }
}
