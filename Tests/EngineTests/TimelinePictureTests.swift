import Testing
@testable import RunLoopEngine

/// A trace drawn as a picture: lanes, nesting, sleeps and text (TimelinePicture).
@Suite struct TimelinePictureTests {
    func event(_ ms: Int64, _ mode: Loop.Mode, _ depth: Int, _ kind: TraceEvent.Kind) -> TraceEvent {
        TraceEvent(time: Instant(nanoseconds: ms * 1_000_000), mode: mode, depth: depth, kind: kind)
    }

    /// A default run whose timer runs the tracking mode, nested; the nested run's result is
    /// recorded once it has ended (one level out), and still belongs to the nested lane.
    var nested: [TraceEvent] {
        [event(0, .default, 1, .activity(.entry)), event(0, .default, 1, .activity(.beforeTimers)),
         event(0, .default, 1, .activity(.beforeWaiting)), event(1000, .default, 1, .woke(.timers)),
         event(1000, .default, 1, .activity(.afterWaiting)), event(1000, .default, 1, .callout(.timer, "a<b & \"c\"")),
         event(1000, .tracking, 2, .activity(.entry)), event(1500, .tracking, 2, .activity(.exit)),
         event(1500, .tracking, 1, .runEnded(.timedOut)), event(1500, .default, 1, .note("back")),
         event(1500, .default, 0, .runEnded(.finished))]
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
}
