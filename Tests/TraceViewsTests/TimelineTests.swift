import RunLoopEngine
import Testing
import TraceViews

/// The trace as a reader sees it in a terminal: the timeline, and two lists of lines side by side.
@Suite struct TimelineTests {
    func event(_ ms: Int64, _ mode: Loop.Mode, _ depth: Int, _ kind: TraceEvent.Kind) -> TraceEvent {
        TraceEvent(time: Instant(nanoseconds: ms * 1_000_000), mode: mode, depth: depth, kind: kind)
    }

    @Test func theTimelineWritesEachInstantOnceAndIndentsNestedRunsUnderABar() {
        let trace = LoopTrace([
            event(0, .default, 1, .activity(.entry)), event(1000, .default, 1, .callout(.timer, "t")),
            event(1000, "inner", 2, .activity(.entry)), event(1000, .default, 1, .note("in the callout")),
        ])
        let lines = trace.timeline().split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "      time  mode      event",
                "  --------  --------  -----------------------------",
                "      0 ms  default   entry",
                "   1000 ms  default   timer \"t\"",
                "            inner     │ entry",
                "            default   · in the callout",
            ])
        #expect(trace.timeline(.callouts).split(separator: "\n").count == 3, "the filter chooses the rows")
    }

    @Test func anyFilterBitAndAnyDepthDrawWithoutATrap() {
        for bits in [Int.min, -1, 0, .max] {
            _ = LoopTrace([event(0, .default, 1, .activity(.entry))]).timeline(LoopTrace.Filter(rawValue: bits))
        }
        for depth in [Int.min, -1, 0, 1, 2, Loop.nestedRunLimit, Loop.nestedRunLimit + 1, .max] {
            let row = LoopTrace.timeline([event(0, .default, depth, .note("deep"))]).split(separator: "\n").last ?? ""
            #expect(row.count <= 2 * Loop.nestedRunLimit + 40, "depth \(depth): a row of \(row.count) characters")
        }
    }

    @Test func sideBySideMarksTheFirstDifference() {
        let text = LoopTrace.sideBySide(expected: ["a", "b", "c"], actual: ["a", "x", "y"])
        let rows = text.split(separator: "\n").map(String.init)
        #expect(rows.count == 5)
        #expect(rows[2].hasPrefix("   1 a"))
        #expect(rows[3].hasPrefix("✗  2 b") && rows[3].hasSuffix("│ x"))
        #expect(rows[4].hasPrefix("   3 c"), "only the first difference is marked")
    }

    @Test func sideBySideUnnumberedPairsTwoBlocksLineForLine() {
        let text = LoopTrace.sideBySide(expected: ["one", "two"], actual: ["1"], expectedTitle: "iOS", actualTitle: "engine", numbered: false)
        let rows = text.split(separator: "\n").map(String.init)
        #expect(rows.count == 4)
        #expect(rows[0].hasPrefix("  iOS ") && rows[0].hasSuffix("│ engine"))
        #expect(rows[2].hasPrefix("  one ") && rows[2].hasSuffix("│ 1"))
        #expect(rows[3].hasPrefix("  two ") && rows[3].hasSuffix("│ "))
        #expect(!text.contains("✗"), "no marker without numbers")
    }

    @Test func aWideCharacterTakesTwoColumns() {
        #expect("ab".columns == 2 && "时间".columns == 4 && "（".columns == 2)
        #expect("时间".padding(toLength: 6) == "时间  ")
    }
}
