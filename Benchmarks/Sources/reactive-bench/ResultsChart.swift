// The chart written next to the results file (`--results PATH`): for every scenario with a floor, each
// implementation's time per event divided by the floor's, as horizontal bars from 1× on a log scale.
// Hand-written SVG, no dependencies.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum ResultsChart {
    /// Bar colours by implementation; names not listed get grey.
    static let colours: [String: String] = [
        "RxKit": "#d62728", "CombineKit": "#1f77b4", "OpenCombine": "#8c8c8c",
        BridgeNames.rxToCombine: "#ff7f0e", BridgeNames.combineToRx: "#2ca02c",
    ]

    static let width = 980.0
    static let labelWidth = 300.0
    static let plotLeft = labelWidth + 10
    static let plotRight = width - 30
    static let barHeight = 5.0
    static let rowGap = 9.0
    static let top = 96.0

    /// The whole SVG document for `rows`; `names` are the implementations in table order, the floor first.
    static func svg(_ rows: [Row], names: [String]) -> String {
        let series = names.filter { $0 != "floor" }
        let charted = rows.filter { $0.results["floor"] != nil }
        let ratios = charted.map { row in
            series.map { name -> Double? in
                guard let value = row.results[name]?.nanosecondsPerEvent,
                      let floor = row.results["floor"]?.nanosecondsPerEvent, value > 0, floor > 0 else { return nil }
                return value / floor
            }
        }
        let all = ratios.joined().compactMap { $0 }
        let lowDecade = min(-1, Int(log10(all.min() ?? 1).rounded(.down)))
        let highDecade = max(1, Int(log10(all.max() ?? 1).rounded(.up)))
        func x(_ ratio: Double) -> Double {
            plotLeft + (log10(ratio) - Double(lowDecade)) / Double(highDecade - lowDecade) * (plotRight - plotLeft)
        }
        let rowHeight = Double(series.count) * barHeight + rowGap
        let plotBottom = top + Double(charted.count) * rowHeight
        let height = plotBottom + 56

        var out: [String] = []
        out.append("""
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" \
            viewBox="0 0 \(n(width)) \(n(height))" font-family="Helvetica, Arial, sans-serif" font-size="11">
            """)
        out.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>")
        out.append(text(x: 12, y: 24, "Time per event relative to the floor (hand-written closures), log scale",
                         extra: "font-size=\"15\" font-weight=\"bold\""))
        // Legend.
        var legendX = 12.0
        for name in series {
            out.append("<rect x=\"\(n(legendX))\" y=\"38\" width=\"12\" height=\"12\" fill=\"\(colour(name))\"/>")
            out.append(text(x: legendX + 17, y: 48, name))
            legendX += 30 + Double(name.count) * 7
        }
        out.append(text(x: legendX + 10, y: 48, "* wall-clock time (threads); the rest thread CPU time",
                        extra: "fill=\"#555555\""))
        // Row shading and labels.
        for (index, row) in charted.enumerated() {
            let rowTop = top + Double(index) * rowHeight
            if index % 2 == 0 {
                out.append("<rect x=\"0\" y=\"\(n(rowTop))\" width=\"\(n(width))\" height=\"\(n(rowHeight))\" "
                    + "fill=\"#f3f3f3\"/>")
            }
            let marker = row.scenario.wallClock ? "*" : ""
            out.append(text(x: 12, y: rowTop + rowHeight / 2 + 4, "\(row.scenario.id)\(marker)",
                            extra: "font-weight=\"bold\""))
            out.append(text(x: 50, y: rowTop + rowHeight / 2 + 4, shortTitle(row.scenario.title)))
        }
        // Decade grid lines and their labels, above and below the plot.
        for decade in lowDecade...highDecade {
            let ratio = pow(10, Double(decade))
            let position = x(ratio)
            let isFloor = decade == 0
            out.append("<line x1=\"\(n(position))\" y1=\"\(n(top - 6))\" x2=\"\(n(position))\" y2=\"\(n(plotBottom))\" "
                + "stroke=\"\(isFloor ? "#000000" : "#bbbbbb")\" stroke-width=\"\(isFloor ? 1.5 : 1)\"/>")
            let label = decade >= 0 ? "\(Int(ratio))×" : "0." + String(repeating: "0", count: -decade - 1) + "1×"
            out.append(text(x: position, y: top - 10, label, extra: "text-anchor=\"middle\""))
            out.append(text(x: position, y: plotBottom + 16, label, extra: "text-anchor=\"middle\""))
            if decade < highDecade {
                for step in 2...9 {
                    let minor = x(ratio * Double(step))
                    out.append("<line x1=\"\(n(minor))\" y1=\"\(n(top))\" x2=\"\(n(minor))\" y2=\"\(n(plotBottom))\" "
                        + "stroke=\"#e2e2e2\" stroke-width=\"0.5\"/>")
                }
            }
        }
        out.append(text(x: (plotLeft + plotRight) / 2, y: plotBottom + 36,
                        "implementation's time per event ÷ floor's (1× = the floor; left of it is faster)",
                        extra: "text-anchor=\"middle\" fill=\"#333333\""))
        // Bars from 1× to each ratio, with the figure as a tooltip.
        let one = x(1)
        for (index, row) in charted.enumerated() {
            let rowTop = top + Double(index) * rowHeight + rowGap / 2
            for (position, name) in series.enumerated() {
                let y = rowTop + Double(position) * barHeight
                guard let ratio = ratios[index][position] else {
                    out.append(text(x: one + 4, y: y + barHeight, "n/a",
                                    extra: "font-size=\"7\" fill=\"\(colour(name))\""))
                    continue
                }
                let end = x(ratio)
                let left = min(one, end)
                let barWidth = max(abs(end - one), 1)
                out.append("<rect x=\"\(n(left))\" y=\"\(n(y))\" width=\"\(n(barWidth))\" "
                    + "height=\"\(n(barHeight - 0.5))\" fill=\"\(colour(name))\"><title>"
                    + escape("\(row.scenario.id) \(name): \(Harness.format(ratio))× the floor")
                    + "</title></rect>")
            }
        }
        out.append("</svg>")
        return out.joined(separator: "\n")
    }

    static func colour(_ name: String) -> String { colours[name] ?? "#444444" }

    /// The title without the wall-clock note (the row's * says it), cut to fit the label column.
    static func shortTitle(_ title: String) -> String {
        let plain = title.replacing(" (wall-clock)", with: "")
        return plain.count <= 44 ? plain : String(plain.prefix(43)) + "…"
    }

    static func text(x: Double, y: Double, _ content: String, extra: String = "") -> String {
        "<text x=\"\(n(x))\" y=\"\(n(y))\"\(extra.isEmpty ? "" : " " + extra)>\(escape(content))</text>"
    }

    static func escape(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
            .replacing("\"", with: "&quot;")
    }

    /// A coordinate with at most one decimal.
    static func n(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : String(Double(tenths) / 10)
    }
}
