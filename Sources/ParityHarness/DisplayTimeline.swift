/// Everything a headless view displayed during one scripted session, in the order it was displayed.
/// Two styles are at parity when their timelines are equal: same texts, same virtual times, same order.
public struct DisplayTimeline: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The events in display order.
    public var events: [DisplayEvent]

    /// A timeline of `events`.
    public init(_ events: [DisplayEvent] = []) {
        self.events = events
    }

    /// Appends `text` displayed at `time` ms.
    public mutating func append(_ text: String, at time: Int) {
        events.append(DisplayEvent(time: time, text: text))
    }

    /// The displayed texts without their times.
    public var texts: [String] { events.map(\.text) }

    /// One event per line.
    public var description: String { events.map(\.description).joined(separator: "\n") }
}
