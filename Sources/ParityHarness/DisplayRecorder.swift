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
