import Foundation

/// Renders timelines in columns, one row per displayed event, aligned by virtual time.
///
/// Events at the same time share rows in order (the first event at t=100 in each column on one row,
/// the second on the next). A row whose compared cells differ is marked with `!` in the margin.
public enum SideBySide {
    /// Renders `columns` (title, timeline) under a time column. Columns are as wide as their longest cell,
    /// at most `columnWidth`; longer cells are cut with "…". `compared` are the column indices whose cells must agree on a row (the styles, not the
    /// user's actions).
    public static func render(_ columns: [(String, DisplayTimeline)], columnWidth: Int = 30,
                              compared: Range<Int>? = nil, actions: DisplayTimeline = DisplayTimeline()) -> String {
        let compared = compared ?? 0..<columns.count
        let times = Set(columns.flatMap { $0.1.events.map(\.time) } + actions.events.map(\.time)).sorted()
        var rows: [(time: Int, cells: [String])] = []
        var actionLines: [Int: [String]] = [:]
        for event in actions.events { actionLines[event.time, default: []].append(event.text) }
        for time in times {
            let cellsAtTime = columns.map { column in column.1.events.filter { $0.time == time }.map(\.text) }
            let height = cellsAtTime.map(\.count).max() ?? 0
            for line in 0..<height {
                rows.append((time, cellsAtTime.map { line < $0.count ? $0[line] : "" }))
            }
        }
        let timeWidth = max("t (ms)".count, times.map { String($0).count }.max() ?? 0)
        let longest = (columns.map(\.0.count) + rows.flatMap { $0.cells.map(\.count) }).max() ?? 0
        let columnWidth = min(columnWidth, longest)
        func cell(_ text: String) -> String {
            let cut = text.count > columnWidth ? String(text.prefix(columnWidth - 1)) + "…" : text
            return cut.padding(toLength: columnWidth, withPad: " ", startingAt: 0)
        }
        func line(_ margin: String, _ time: String, _ cells: [String]) -> String {
            let padded = String(repeating: " ", count: timeWidth - time.count) + time
            return (margin + " " + padded + " | " + cells.map(cell).joined(separator: " | "))
                .trimmingTrailingSpaces()
        }
        var output = [line(" ", "t (ms)", columns.map(\.0))]
        output.append(String(repeating: "-", count: 3 + timeWidth + columns.count * (columnWidth + 3)))
        var printedActions: Set<Int> = []
        func printActions(upTo time: Int) {
            for actionTime in actionLines.keys.sorted() where actionTime <= time && !printedActions.contains(actionTime) {
                printedActions.insert(actionTime)
                for text in actionLines[actionTime] ?? [] {
                    let padded = String(repeating: " ", count: timeWidth - String(actionTime).count) + String(actionTime)
                    output.append("  " + padded + " > " + text)
                }
            }
        }
        for row in rows {
            printActions(upTo: row.time)
            let checked = compared.map { row.cells[$0] }
            let agree = Set(checked).count <= 1
            output.append(line(agree ? " " : "!", String(row.time), row.cells))
        }
        printActions(upTo: Int.max)
        return output.joined(separator: "\n")
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
