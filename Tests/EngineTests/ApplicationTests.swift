import RunLoopEngine
import TestSupport
import Testing

/// An app in miniature (`Application`) driven by the engine's app main loop
/// (`ReferenceApplicationMain`: `UIApplicationMain`'s pieces and `GSEventRunModal`): one
/// scripted session — launch, a tap, a scroll with a ticker, frames, a main-queue job, a stall —
/// and what its trace must show.
@Suite("An app's main loop in miniature")
struct ApplicationTests {
    /// Runs the session on the main thread of a fresh registry (virtual clock) with `main`;
    /// returns the trace of the main loop, its lines without times, and the pool depth at the end.
    static func session(_ main: any ApplicationMain) async throws -> (events: [TraceEvent], lines: [String], depth: Int) {
        let registry = LoopRegistry(clock: VirtualClock())
        return try await offPool(registry: registry, isMain: true) {
            let loop = Loop.current
            loop.passLimit = 10_000
            let clock = registry.clock as! VirtualClock
            let trace = loop.startTracing()
            let app = Application(mainLoop: loop, main: main)
            main.launch(app)
            // The system sends events; a ticker in the common modes; a stall at 2.5 s.
            for (time, event) in [(0.5, "tap"), (1, "drag began"), (1.2, "animate"), (1.5, "tap"), (2, "drag ended"), (2.4, "animate")] {
                try loop.add(try Loop.Timer(name: "system: \(event)", fireDate: .zero + time) { _ in try? app.eventPort.send(event) }, forMode: .common)
            }
            try loop.add(try Loop.Timer(name: "ticker", fireDate: .zero + 0.75, interval: 0.5) { _ in Loop.current.note("tick") }, forMode: .common)
            try loop.add(try Loop.Timer(name: "stall", fireDate: .zero + 2.42) { _ in clock.advance(by: 0.1) }, forMode: .common)
            try main.runMainLoop(app, until: .zero + 3)
            return (trace.events, trace.lines(.all, times: false), loop.autoreleasePoolStack.depth)
        }
    }

    /// Each run's entry and exit, with its mode: `tracking entry`.
    static func runs(_ events: [TraceEvent]) -> [String] {
        events.compactMap { event in
            guard case .activity(let activity) = event.kind, activity == .entry || activity == .exit else { return nil }
            return "\(event.mode.name) \(activity == .entry ? "entry" : "exit")"
        }
    }

    /// The modes the notes starting with `prefix` were made in.
    static func modes(of prefix: String, _ events: [TraceEvent]) -> [String] {
        events.compactMap { event in
            guard case .note(let text) = event.kind, text.hasPrefix(prefix) else { return nil }
            return event.mode.name
        }
    }

    @Test("The scroll switches the outer run: default exits, tracking enters and exits, default enters again; nothing nests")
    func scrollSwitchesTheRun() async throws {
        let (events, _, _) = try await Self.session(ReferenceApplicationMain())
        #expect(Self.runs(events) == ["default entry", "default exit", "tracking entry", "tracking exit", "default entry", "default exit"])
    }

    @Test("During the scroll: the ticker, the events, the frames, the main-queue job and the commit all run in tracking")
    func everythingCommonRunsDuringTheScroll() async throws {
        let (events, _, depth) = try await Self.session(ReferenceApplicationMain())
        #expect(Self.modes(of: "tick", events) == ["default", "tracking", "tracking", "default", "default"])
        #expect(Self.modes(of: "frame", events).prefix(3) == ["tracking", "tracking", "tracking"])
        #expect(Self.modes(of: "DispatchQueue.main: save(2)", events) == ["tracking"], "the main queue is serviced in every common mode")
        #expect(Self.modes(of: "CA::Transaction::commit", events).contains("tracking"), "the commit observer is in the common modes")
        #expect(depth == 0, "every pool pushed is popped: at each before waiting and as each run exits; \(depth) left")
    }

    @Test("The stall drops frames: the animation after it reports them")
    func stallDropsFrames() async throws {
        let (events, _, _) = try await Self.session(ReferenceApplicationMain())
        let frames = events.compactMap { event -> String? in
            guard case .note(let text) = event.kind, text.hasPrefix("frame") else { return nil }
            return text
        }
        #expect(frames.count == 6, "two animations of three frames: \(frames)")
        #expect(frames.last?.hasSuffix("droppedFrames: 0") == false, "the 0.1 s stall drops frames of the second animation: \(frames)")
    }

    /// A scroll as a nested run: the tracking mode run from inside the default-mode run's
    /// callout until the scroll ends (macOS menu tracking's shape, not UIKit's).
    struct NestedScroll: ApplicationMain {
        func launch(_ app: Application) { ReferenceApplicationMain().launch(app) }
        func trackingChanged(_ tracking: Bool, in app: Application) {
            if tracking {
                _ = try? app.mainLoop.run(mode: .tracking, timeout: 10)
            } else {
                app.mainLoop.stop()
            }
        }
        func runMainLoop(_ app: Application, until deadline: Instant) throws(LoopError) {
            try ReferenceApplicationMain().runMainLoop(app, until: deadline)
        }
    }

    @Test("A scroll as a nested run enters tracking before default exits: the traces differ")
    func nestedRunDiffers() async throws {
        let (events, lines, _) = try await Self.session(NestedScroll())
        let reference = try await Self.session(ReferenceApplicationMain()).lines
        #expect(Array(Self.runs(events).prefix(2)) == ["default entry", "tracking entry"])
        #expect(lines != reference)
    }
}
