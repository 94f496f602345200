// What the headless views show, and how they record it over (virtual) time. Framework-free.

/// What the to-do screen shows at one instant.
public struct TodoScreen: Hashable, Sendable, CustomStringConvertible {
    /// One line per row, `[ ] title` or `[x] title`, top to bottom.
    public var rows: [String]
    /// The error banner, if one is shown.
    public var error: String?

    /// A screen.
    public init(rows: [String], error: String? = nil) {
        self.rows = rows
        self.error = error
    }

    /// The screen on one line: rows separated by commas, then the banner.
    public var description: String {
        let list = rows.isEmpty ? "(empty)" : rows.joined(separator: ", ")
        return error.map { "\(list)  ! \($0)" } ?? list
    }
}

/// A list of what a view displayed and when, one entry per instant at which the display changed.
///
/// A screen only ever shows the state it is in when an instant's work is done (a run-loop turn), so
/// when several bindings fire at the same virtual time only the last state of that instant is kept.
/// Rx and Combine may update two labels in a different order within one instant; what the user sees
/// is the same, and that is what the parity tests compare.
public final class DisplayRecorder<State: Equatable> {
    /// One displayed state.
    public struct Entry: Equatable, CustomStringConvertible {
        /// Milliseconds of virtual time since the session started.
        public let milliseconds: Int
        /// What was displayed.
        public let state: State

        /// An entry.
        public init(milliseconds: Int, state: State) {
            self.milliseconds = milliseconds
            self.state = state
        }

        public var description: String { "\(milliseconds)ms: \(state)" }
    }

    /// What was displayed, oldest first.
    public private(set) var entries: [Entry] = []
    private let clock: () -> Double

    /// Records against `clock`, which gives the current virtual time in seconds.
    public init(clock: @escaping () -> Double) { self.clock = clock }

    /// Notes that the view now displays `state`.
    public func record(_ state: State) {
        let now = Int((clock() * 1_000).rounded())
        if entries.last?.milliseconds == now { entries.removeLast() }
        if entries.last?.state == state { return }
        entries.append(Entry(milliseconds: now, state: state))
    }
}

/// A headless to-do screen: what the user can do to it and what it displayed. The scripted session
/// drives any of the three styles through this.
public protocol TodoListScreen: AnyObject {
    /// Types `title` into the new-item field and taps Add.
    func tapAdd(title: String)
    /// Swipes the row of item `id` away.
    func swipeToDelete(id: Int)
    /// Edits the title of item `id`.
    func editTitle(id: Int, to title: String)
    /// Taps the checkbox of item `id`.
    func tapCheckbox(id: Int)
    /// What it displayed so far.
    var timeline: [DisplayRecorder<TodoScreen>.Entry] { get }
    /// How many cell views it has made: a cell view is made only for a new cell view model, so this
    /// counts how many times a cell view model was created.
    var cellViewsCreated: Int { get }
}
