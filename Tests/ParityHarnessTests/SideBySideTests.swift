import RxKit
import RxKitTest
import ParityHarness
import Testing

@Suite struct SideBySideTests {
    @Test func sideBySideAlignsByTimeAndMarksDisagreement() {
        let text = SideBySide.render([
            ("user", DisplayTimeline([DisplayEvent(time: 0, text: "open")])),
            ("Rx", DisplayTimeline([DisplayEvent(time: 0, text: "empty"), DisplayEvent(time: 0, text: "busy"),
                                    DisplayEvent(time: 250, text: "done")])),
            ("Combine", DisplayTimeline([DisplayEvent(time: 0, text: "empty"), DisplayEvent(time: 0, text: "busy"),
                                         DisplayEvent(time: 250, text: "a very long display state indeed")])),
        ], columnWidth: 10, compared: 1..<3)
        #expect(text.split(separator: "\n").map(String.init) == [
            "  t (ms) | user       | Rx         | Combine",
            "------------------------------------------------",
            "       0 | open       | empty      | empty",
            "       0 |            | busy       | busy",
            "!    250 |            | done       | a very lo…",
        ])
    }

    @Test func actionsPrintBeforeTheRowsOfTheirTime() {
        let text = SideBySide.render(
            [("Rx", DisplayTimeline([DisplayEvent(time: 0, text: "a"), DisplayEvent(time: 20, text: "b")]))],
            columnWidth: 3,
            actions: DisplayTimeline([DisplayEvent(time: 10, text: "tap"), DisplayEvent(time: 20, text: "tap again"),
                                      DisplayEvent(time: 30, text: "leave")]))
        #expect(text.split(separator: "\n").map(String.init) == [
            "  t (ms) | Rx",
            "--------------",
            "       0 | a",
            "      10 > tap",
            "      20 > tap again",
            "      20 | b",
            "      30 > leave",
        ])
    }

    @Test func columnsShrinkToTheirLongestCell() {
        let text = SideBySide.render([("Rx", DisplayTimeline([DisplayEvent(time: 0, text: "abc")]))], columnWidth: 30)
        #expect(text.split(separator: "\n").map(String.init) == ["  t (ms) | Rx", "---------------", "       0 | abc"])
    }
}
