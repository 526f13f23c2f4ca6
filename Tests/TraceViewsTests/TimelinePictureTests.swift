import Testing
import RunLoopEngine
@testable import TraceViews

/// A trace drawn as a picture: lanes, nesting, sleeps and text (TimelinePicture).
@Suite struct TimelinePictureTests {
    func event(_ ms: Int64, _ mode: Loop.Mode, _ depth: Int, _ kind: TraceEvent.Kind) -> TraceEvent {
        TraceEvent(time: Instant(nanoseconds: ms * 1_000_000), mode: mode, depth: depth, kind: kind)
    }

    /// A default run whose timer runs the tracking mode, nested; the nested run's result is
    /// recorded once it has ended (one level out), and still belongs to the nested lane.
    var nested: [TraceEvent] {
        [
            event(0, .default, 1, .activity(.entry)), event(0, .default, 1, .activity(.beforeTimers)),
            event(0, .default, 1, .activity(.beforeWaiting)), event(1000, .default, 1, .woke(.timers)),
            event(1000, .default, 1, .activity(.afterWaiting)), event(1000, .default, 1, .callout(.timer, "a<b & \"c\"")),
            event(1000, .tracking, 2, .activity(.entry)), event(1500, .tracking, 2, .activity(.exit)),
            event(1500, .tracking, 1, .runEnded(.timedOut)), event(1500, .default, 1, .note("back")),
            event(1500, .default, 0, .runEnded(.finished)),
        ]
    }

    @Test func aNestedRunHasALaneOfItsOwnBelowTheOuterRunAndKeepsItsResult() {
        let picture = TimelinePicture(nested, title: "t")
        let (columns, notes) = picture.columns()
        #expect(picture.lanes(columns) == [.init(mode: .default, depth: 1), .init(mode: .tracking, depth: 2)])
        let results = columns.filter { if case .result = $0.mark { true } else { false } }.map(\.lane)
        #expect(results == [.init(mode: .tracking, depth: 2), .init(mode: .default, depth: 1)])
        #expect(notes == ["back"])
    }

    @Test func aSleepIsOneMarkWithHowLongAndWhatWokeTheLoop() {
        let (columns, _) = TimelinePicture(nested, title: "t").columns()
        let sleeps = columns.compactMap { column -> String? in
            if case .sleep(let duration, let reason) = column.mark { return "\(column.time) +\(duration / 1_000_000) ms \(reason)" }
            return nil
        }
        #expect(sleeps == ["0 ms +1000 ms timers"])
        // Activities reached at one instant share a column: E T W, then A.
        let first: [Loop.Activity]? = columns.first.map { if case .activities(let list) = $0.mark { list } else { [] } }
        #expect(first == [.entry, .beforeTimers, .beforeWaiting])
    }

    @Test func textIsEscapedAndTheSameEventsGiveTheSameBytes() {
        let svg = TimelinePicture(nested, title: "<title>", summary: "s", lookFor: "l").svg
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("a&lt;b &amp; &quot;c&quot;") && svg.contains("&lt;title&gt;"))
        #expect(!svg.contains("a<b"))
        #expect(svg == TimelinePicture(nested, title: "<title>", summary: "s", lookFor: "l").svg)
    }

    @Test func aLongTimelineWrapsIntoRowsNoWiderThanTheLimit() {
        let many = (0..<60).map { event(Int64($0) * 10, .default, 1, .callout(.source, "s\($0)")) }
        let (columns, _) = TimelinePicture(many, title: "t").columns()
        #expect(columns.last!.row > 0)
        #expect(columns.allSatisfy { $0.x + $0.width <= TimelinePicture.laneLabelWidth + TimelinePicture.rowWidth })
    }

    @Test func longTextIsBrokenAtSpacesIntoLinesThatFit() {
        let text = "the busy passes find 0, 3, 6: nothing drains until the loop sleeps"
        let lines = TimelinePicture.wrap(text, width: 20)
        #expect(lines.count > 1 && lines.allSatisfy { $0.count <= 20 })
        #expect(lines.joined(separator: " ") == text)
    }

    @Test func chineseTextIsBrokenBetweenCharactersByColumnsAndKeepsItsPunctuation() {
        let text = "间隔 1 秒的定时器，回调执行了 2.5 秒：2 秒和 3 秒的滴答被跳过（`skip`），4 秒时再次触发"
        let lines = TimelinePicture.wrap(text, width: 16)
        #expect(lines.count > 2 && lines.allSatisfy { $0.columns <= 16 }, "\(lines)")
        // Nothing lost: the spaces the text had are where a line goes on or breaks.
        #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " })
        #expect(lines.allSatisfy { !"，。；：）".contains($0.first!) && !"（“".contains($0.last!) }, "\(lines)")
        // A word of narrow characters is never split.
        #expect(lines.contains { $0.contains("`skip`") })
    }

    @Test func aWideCharacterTakesTwoColumnsOfRoom() {
        #expect(TimelinePicture.width(of: .result("完成")) == TimelinePicture.width(of: .result("done")))
        #expect(
            TimelinePicture.width(of: .sleep(duration: 0, reason: "唤醒唤醒唤醒唤醒")) == TimelinePicture.width(of: .sleep(duration: 0, reason: "wakewakewakewake")))
    }

    @Test func thePicturesOwnWordsAreTheLabelsGiven() {
        let english = TimelinePicture.Labels.english
        let labels = TimelinePicture.Labels(
            outerRun: "外层", nestedRun: { "嵌套\($0)" }, time: "时间", sleep: "睡", lookFor: "看：", legend: "图例",
            runResult: "结果", note: "注", activities: "字母", sleeps: "休眠条", frames: "虚线框")
        let events = nested + [event(1600, .default, 1, .activity(.beforeWaiting)), event(1600, .default, 1, .woke(.wakeUp))]
        let svg = TimelinePicture(events, title: "t", summary: "s", lookFor: "l", labels: labels).svg
        for word in [
            english.outerRun, english.nestedRun(2), english.time, english.sleep, english.lookFor, english.legend,
            english.runResult, english.note, english.activities, english.sleeps, english.frames,
        ] {
            #expect(!svg.contains(">\(SVGText.escape(word))"), "the English label \"\(word)\" is drawn although others were given")
        }
        for word in ["外层", "嵌套2", "时间", "睡", "看：l", "图例", "结果", "注", "字母", "休眠条", "虚线框"] {
            #expect(svg.contains(">\(word)<"), "the label \"\(word)\" is not drawn")
        }
    }

    @Test func codeInTheSummaryIsDrawnInTheMonospacedFontAcrossLines() {
        #expect(TimelinePicture.withCode(["a `b c", "d` e"]) == ["a `b c`", "`d` e"])
        let svg = TimelinePicture(nested, title: "t", summary: "先 `signal()`，再 `wakeUp()`").svg
        #expect(
            svg.contains(
                ">先 <tspan font-family=\"\(TimelinePicture.mono)\">signal()</tspan>，再 <tspan font-family=\"\(TimelinePicture.mono)\">wakeUp()</tspan></text>"))
        #expect(!svg.contains("`"))
    }
}
