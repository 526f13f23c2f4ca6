import RunLoopEngine
import TestSupport
import Testing

/// The run-mode stack and its driver (GraphicsServices' `GSEventRunModal`,
/// `GSEventPushRunLoopMode`, `GSEventPopRunLoopMode`): a push or a pop stops the run in
/// progress and the driver runs the new top; a scroll is a switch of the outer run's mode,
/// not a nested run.
@Suite("The run-mode stack")
struct RunModeStackTests {
    /// A loop with a common ticker, driven by its mode stack for 3 s; a timer pushes tracking at
    /// 1 s, another pops it at 2 s. Returns each run's entry and exit (`tracking entry`) and the
    /// mode of each tick.
    static func scroll() throws -> (lines: [String], ticks: [String]) {
        let (loop, _) = virtualLoop()
        loop.addCommonMode(.tracking)
        let modes = RunModeStack(loop: loop)
        modes.push(.default)
        let ticks = Log()
        try loop.add(
            try Loop.Timer(name: "tick", fireDate: loop.now + 0.5, interval: 1) { _ in ticks.add(Loop.current.currentMode?.name ?? "?") }, forMode: .common)
        try loop.add(try Loop.Timer(name: "push", fireDate: loop.now + 1) { _ in modes.push(.tracking) }, forMode: .default)
        try loop.add(try Loop.Timer(name: "pop", fireDate: loop.now + 2) { _ in modes.pop() }, forMode: .tracking)
        let trace = loop.startTracing()
        try modes.run(until: loop.now + 3)
        let lines = trace.events.compactMap { event -> String? in
            guard case .activity(let activity) = event.kind, activity == .entry || activity == .exit else { return nil }
            return "\(event.mode.name) \(activity == .entry ? "entry" : "exit")"
        }
        return (lines, ticks.all)
    }

    @Test("A push stops the default-mode run and the driver enters tracking: the default run exits first, no run is nested")
    func pushSwitchesTheOuterRun() throws {
        let (lines, ticks) = try Self.scroll()
        let entries = lines
        #expect(entries.count == 6, "three runs, each entered and exited: \(lines)")
        // Each run exits before the next enters: entry, exit, entry, exit…; never two entries in a row.
        for (index, line) in entries.enumerated() {
            #expect(line.hasSuffix(index.isMultiple(of: 2) ? "entry" : "exit"), "runs one after another, not nested: \(entries)")
        }
        #expect(entries[2].contains("tracking") && entries[3].contains("tracking"), "the second run is the tracking one: \(entries)")
        #expect(ticks == ["default", "tracking", "default"], "the common ticker ticks in whichever mode is on top: \(ticks)")
    }

    @Test("The bottom mode is never popped; the top is the last pushed; the driver ends at its deadline")
    func popKeepsTheBottom() throws {
        let (loop, _) = virtualLoop()
        let modes = RunModeStack(loop: loop)
        modes.push(.default)
        modes.push(.tracking)
        #expect(modes.top == .tracking)
        #expect(modes.pop() == .tracking)
        #expect(modes.pop() == nil)
        #expect(modes.modes == [.default])
        try loop.add(try Loop.Timer(name: "keep", fireDate: loop.now + 100) { _ in }, forMode: .default)
        let start = loop.now
        try modes.run(until: start + 2)
        #expect(loop.now - start == 2, "the driver runs until its deadline: \(loop.now - start) s")
    }
}
