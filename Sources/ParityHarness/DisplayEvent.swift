/// One thing a headless view displayed, and when: `time` is virtual milliseconds since the session
/// started, `text` a short rendering of the display state ("rates: EUR 0.92, GBP 0.79", "spinner on").
public struct DisplayEvent: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Virtual milliseconds since the scripted session started.
    public var time: Int
    /// What was displayed, rendered as one short line.
    public var text: String

    /// An event displaying `text` at `time` ms.
    public init(time: Int, text: String) {
        self.time = time
        self.text = text
    }

    /// `"t=1500ms  text"`.
    public var description: String { "t=\(time)ms  \(text)" }
}
