import Testing
@testable import RunLoopEngine

/// Modes: made on first use, never removed, one at a time, items of other modes wait.
@Suite struct ModeTests {
    @Test func modesAreMadeOnFirstUseAndNeverRemoved() throws {
        let (loop, _) = virtualLoop()
        #expect(loop.allModes == [.default])
        let source = Loop.Source {}
        try loop.add(source, forMode: "custom")
        #expect(loop.allModes == [.default, "custom"])
        loop.remove(.source(source), fromMode: "custom")
        #expect(loop.allModes.contains("custom"), "an emptied mode stays")
    }

    @Test func itemsOfAnotherModeWaitUntilThatModeRuns() throws {
        let (loop, _) = virtualLoop()
        let log = Log()
        try loop.add(try Loop.Timer(name: "other", fireDate: loop.now + 1) { _ in log.add("other") }, forMode: "other")
        try keepAlive(loop)
        try loop.run(mode: .default, timeout: 2)
        #expect(log.all.isEmpty)
        try loop.run(mode: "other", timeout: 2)
        #expect(log.all == ["other"], "due since 1 s, it fires as soon as its mode runs")
    }

    @Test func anItemAddedTwiceToAModeIsHeldOnce() throws {
        let (loop, _) = virtualLoop()
        let log = Log()
        let source = Loop.Source(name: "s") { log.add("s") }
        try loop.add(source, forMode: .default)
        try loop.add(source, forMode: .default)
        #expect(loop.items(inMode: .default).count == 1)
        source.signal()
        try loop.run(mode: .default, timeout: 0)
        #expect(log.all == ["s"])
        loop.remove(.source(source), fromMode: .default)
        #expect(loop.isEmpty(mode: .default), "one remove takes it out")
    }

    @Test func anItemMayBeInSeveralModesAndRunsInEach() throws {
        let (loop, _) = virtualLoop()
        let log = Log()
        let source = Loop.Source(name: "s") { log.add(loop.currentMode?.name ?? "?") }
        try loop.add(source, forMode: "a")
        try loop.add(source, forMode: "b")
        source.signal()
        try loop.run(mode: "a", timeout: 0)
        source.signal()
        try loop.run(mode: "b", timeout: 0)
        #expect(log.all == ["a", "b"])
    }

    @Test func removingAnItemFromOneModeLeavesItInTheOthers() throws {
        let (loop, _) = virtualLoop()
        let timer = try Loop.Timer(fireDate: loop.now + 1) { _ in }
        try loop.add(timer, forMode: "a")
        try loop.add(timer, forMode: "b")
        loop.remove(.timer(timer), fromMode: "a")
        #expect(!loop.contains(.timer(timer), inMode: "a"))
        #expect(loop.contains(.timer(timer), inMode: "b"))
        #expect(timer.loop === loop)
        #expect(loop.nextTimerFireDate(mode: "b") == Instant(seconds: 1))
        #expect(loop.nextTimerFireDate(mode: "a") == nil)
    }
}
