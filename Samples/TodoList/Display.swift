// What the headless views show. Framework-free; the views record it with ParityHarness's `DisplayRecorder`.

import ParityHarness

/// What the to-do screen shows at one instant.
public struct TodoScreen: Hashable, Sendable, CustomStringConvertible {
    /// One entry per row, top to bottom: the title, with `✓` after it when done.
    public var rows: [String]
    /// The error banner, if one is shown.
    public var error: String?

    /// A screen.
    public init(rows: [String], error: String? = nil) {
        self.rows = rows
        self.error = error
    }

    /// The screen on one short line: rows separated by commas, then the banner (`Milk✓, Dad ! offline`).
    public var description: String {
        let list = rows.isEmpty ? "(empty)" : rows.joined(separator: ", ")
        return error.map { "\(list) ! \($0)" } ?? list
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
    /// What it displayed so far, and when.
    var recorder: DisplayRecorder<TodoScreen> { get }
    /// How many cell views it has made: a cell view is made only for a new cell view model, so this
    /// counts how many times a cell view model was created.
    var cellViewsCreated: Int { get }
}
