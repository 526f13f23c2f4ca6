import Testing
@testable import RunLoopEngine

/// CF-SEMANTICS "Common modes".
@Suite struct CommonModeTests {
    @Test func aNewLoopsCommonModesAreJustDefault() {
        let (loop, _) = virtualLoop()
        #expect(loop.commonModes == [.default])
    }

    @Test func anItemAddedToCommonJoinsEveryCommonMode() throws {
        let (loop, _) = virtualLoop()
        loop.addCommonMode(.tracking)
        let timer = try Loop.Timer(fireDate: loop.now + 1) { _ in }
        try loop.add(timer, forMode: .common)
        #expect(loop.contains(.timer(timer), inMode: .default))
        #expect(loop.contains(.timer(timer), inMode: .tracking))
        #expect(loop.contains(.timer(timer), inMode: .common))
        #expect(!loop.contains(.timer(timer), inMode: "private"))
        #expect(!loop.allModes.contains(.common), "common is not a mode")
    }

    @Test func aModeMarkedCommonLaterReceivesTheCommonItems() throws {
        let (loop, _) = virtualLoop()
        let log = Log()
        let timer = try Loop.Timer(name: "ticker", fireDate: loop.now + 1) { _ in log.add("tick in \(loop.currentMode!.name)") }
        try loop.add(timer, forMode: .common)
        #expect(loop.isEmpty(mode: .tracking))
        loop.addCommonMode(.tracking)
        #expect(loop.contains(.timer(timer), inMode: .tracking))
        try loop.run(mode: .tracking, timeout: 2)
        #expect(log.all == ["tick in tracking"])
    }

    @Test func markingAModeCommonTwiceChangesNothing() throws {
        let (loop, _) = virtualLoop()
        try loop.add(Loop.Source {}, forMode: .common)
        loop.addCommonMode(.tracking)
        loop.addCommonMode(.tracking)
        loop.addCommonMode(.common)
        #expect(loop.commonModes == [.default, .tracking])
        #expect(loop.items(inMode: .tracking).count == 1)
    }

    @Test func anItemAddedToCommonTwiceIsHeldOnce() throws {
        let (loop, _) = virtualLoop()
        let source = Loop.Source {}
        try loop.add(source, forMode: .common)
        try loop.add(source, forMode: .common)
        try loop.add(source, forMode: .default)
        #expect(loop.items(inMode: .default).count == 1)
    }

    @Test func removingFromCommonRemovesFromEveryCommonModeAndFromLaterOnes() throws {
        let (loop, _) = virtualLoop()
        loop.addCommonMode(.tracking)
        let source = Loop.Source {}
        try loop.add(source, forMode: .common)
        loop.remove(.source(source), fromMode: .common)
        #expect(loop.isEmpty(mode: .default) && loop.isEmpty(mode: .tracking))
        loop.addCommonMode("later")
        #expect(loop.isEmpty(mode: "later"), "no longer a common item")
    }

    @Test func aCommonTimerKeepsFiringWhileATrackingRunNests() throws {
        let (loop, _) = virtualLoop()
        loop.addCommonMode(.tracking)
        let log = Log()
        try loop.add(try Loop.Timer(name: "common", fireDate: loop.now + 1, interval: 1) { _ in log.add("common \(loop.currentMode!.name)") }, forMode: .common)
        try loop.add(try Loop.Timer(name: "default only", fireDate: loop.now + 1, interval: 1) { _ in log.add("default only") }, forMode: .default)
        try loop.add(
            try Loop.Timer(name: "scroll", fireDate: loop.now + 1.5) { _ in
                _ = try? loop.run(mode: .tracking, timeout: 2)   // the user scrolls from 1.5 s to 3.5 s
            }, forMode: .default)
        try loop.run(mode: .default, timeout: 4.2)
        // default-only missed 2 and 3 while tracking ran: it fires once when default comes back
        // (3.5 s), then both tick at 4 s.
        #expect(
            log.all == [
                "common default", "default only", "common tracking", "common tracking",
                "default only", "common default", "default only",
            ])
    }
}
