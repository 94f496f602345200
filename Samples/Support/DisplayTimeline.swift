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

/// Records timed display states for a headless view. The clock tells the current virtual time in
/// milliseconds since the session started (see `SessionClock`).
///
/// Views keep their typed states (`states`) for unit tests, and `timeline` renders them for parity
/// checks and the demo.
public final class DisplayRecorder<State: Equatable> {
    /// A display state and the virtual time (ms) it was shown at.
    public struct Entry: Equatable {
        /// Virtual milliseconds since the session started.
        public let time: Int
        /// The state displayed.
        public let state: State
    }

    private let now: () -> Int
    private let render: (State) -> String
    /// Every state displayed, in order.
    public private(set) var entries: [Entry] = []

    /// A recorder stamping entries with `now()` and rendering them with `render`.
    public init(now: @escaping () -> Int, render: @escaping (State) -> String) {
        self.now = now
        self.render = render
    }

    /// Records `state` at the current time. A state equal to the last one recorded is skipped, as a
    /// screen showing the same thing again is no visible change.
    public func record(_ state: State) {
        if let last = entries.last, last.state == state { return }
        entries.append(Entry(time: now(), state: state))
    }

    /// The states displayed, without times.
    public var states: [State] { entries.map(\.state) }

    /// The most recent state, if any.
    public var current: State? { entries.last?.state }

    /// The rendered timeline: every state recorded, including those replaced within the same instant
    /// (a view bound to several outputs passes through in-between states).
    public var timeline: DisplayTimeline {
        DisplayTimeline(entries.map { DisplayEvent(time: $0.time, text: render($0.state)) })
    }

    /// What a person sees: one frame per virtual instant (the last state recorded at that time), leaving
    /// out frames that look the same as the one before.
    public var frames: DisplayTimeline {
        var frames = DisplayTimeline()
        for (index, entry) in entries.enumerated() {
            if index + 1 < entries.count, entries[index + 1].time == entry.time { continue }
            let text = render(entry.state)
            if frames.events.last?.text == text { continue }
            frames.append(text, at: entry.time)
        }
        return frames
    }
}
