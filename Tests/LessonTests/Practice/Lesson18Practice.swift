import Testing

/// Lesson 18 against the reference on generated scenarios: one or two display links added in
/// default, common or tracking, some paused before they are added, at preferred rates the
/// display can and cannot keep; frames whose work takes any time (less than a frame, exactly
/// one, several, not a whole number of vsyncs); scrolls (tracking marked common) of any length;
/// pauses and resumes, and rate changes, while the loop runs — some of them from another thread.
extension Lesson18Tests {
    /// One step of a generated display-link scenario. Times in ms from the start.
    enum DisplayStep: Sendable, CustomStringConvertible, PracticeStep, SimplifiableStep {
        /// A link: its name, the mode it is added to, its preferred rate, paused before adding.
        case link(String, Loop.Mode, fps: Int, paused: Bool)
        /// The link's frame number `frame` works `ms` milliseconds.
        case slowFrame(String, frame: Int, ms: Double)
        /// The user scrolls at `at` for `ms` (a nested run of tracking).
        case scroll(at: Double, ms: Double)
        /// The link is paused (or resumed) at `at`.
        case pause(String, at: Double, paused: Bool)
        /// The link's preferred rate changes at `at`.
        case rate(String, at: Double, fps: Int)
        /// At `at`, another thread pauses (or resumes) the link, and the loop waits for it.
        case pauseFromAnotherThread(String, at: Double, paused: Bool)

        var description: String { text.en }

        var text: Text {
            switch self {
            case .link(let name, let mode, let fps, let paused):
                Text(
                    en: "display link \"\(name)\" added in \(mode), preferredFramesPerSecond \(fps)\(paused ? ", paused before it is added" : "")",
                    zh: "display link `\"\(name)\"` 加到 \(mode)，`preferredFramesPerSecond` \(fps)\(paused ? "，加入之前已暂停" : "")")
            case .slowFrame(let name, let frame, let ms):
                Text(en: "\"\(name)\": frame \(frame) works \(ms) ms", zh: "\"\(name)\"：第 \(frame) 帧干 \(ms) ms 的活")
            case .scroll(let at, let ms):
                Text(en: "at \(at) ms the user scrolls for \(ms) ms (tracking)", zh: "\(at) ms 时用户滑动 \(ms) ms（tracking）")
            case .pause(let name, let at, let paused):
                Text(en: "at \(at) ms \"\(name)\".isPaused = \(paused)", zh: "\(at) ms 时 `\"\(name)\".isPaused = \(paused)`")
            case .rate(let name, let at, let fps):
                Text(en: "at \(at) ms \"\(name)\".preferredFramesPerSecond = \(fps)", zh: "\(at) ms 时 `\"\(name)\".preferredFramesPerSecond = \(fps)`")
            case .pauseFromAnotherThread(let name, let at, let paused):
                Text(
                    en: "at \(at) ms another thread sets \"\(name)\".isPaused = \(paused)",
                    zh: "\(at) ms 时另一个线程设置 `\"\(name)\".isPaused = \(paused)`")
            }
        }

        var simpler: [DisplayStep] {
            switch self {
            case .link(let name, let mode, let fps, let paused):
                (fps != 0 ? [.link(name, mode, fps: 0, paused: paused)] : []) + (paused ? [.link(name, mode, fps: fps, paused: false)] : [])
            case .slowFrame(let name, let frame, let ms):
                ms != ms.rounded(.down) ? [.slowFrame(name, frame: frame, ms: ms.rounded(.down))] : []
            default: []
            }
        }
    }

    static let practiceRates = [0, 0, 0, 10, 15, 20, 24, 25, 30, 35, 40, 45, 50, 60, 90, 120]

    static func practiceScenario(_ random: inout SeededGenerator) -> [DisplayStep] {
        var steps: [DisplayStep] = []
        let names = random.chance(0.3) ? ["a", "b"] : ["a"]
        for name in names {
            steps.append(
                .link(name, random.pick([Loop.Mode.default, .default, .common, .tracking]), fps: random.pick(practiceRates), paused: random.chance(0.15)))
            for _ in 0..<random.int(0...3) {
                let ms = random.pick([5, 16, 1000.0 / 60, 20, 2000.0 / 60, 40, 50, 77.5, 100, 190])
                steps.append(.slowFrame(name, frame: random.int(1...8), ms: ms))
            }
            for _ in 0..<random.int(0...2) {
                let at = Double(random.int(0...300)) + random.pick([0, 0.5, 1000.0 / 60])
                steps.append(
                    random.chance(0.25) ? .pauseFromAnotherThread(name, at: at, paused: random.chance(0.5)) : .pause(name, at: at, paused: random.chance(0.6)))
            }
            if random.chance(0.2) { steps.append(.rate(name, at: Double(random.int(0...300)), fps: random.pick(practiceRates))) }
        }
        for _ in 0..<random.int(0...2) {
            steps.append(.scroll(at: Double(random.int(0...300)), ms: random.pick([10, 1000.0 / 60, 50, 100, 120.5])))
        }
        return steps
    }

    /// Runs `steps` on a loop made with `mechanisms`: each frame and each link's totals in the trace.
    static func practiceTrace(_ steps: [DisplayStep], _ mechanisms: Loop.Mechanisms) throws -> [String] {
        try Harness.trace(mechanisms, [.callouts, .notes, .results]) { loop, clock in
            loop.addCommonMode(.tracking)
            var links: [String: DisplayLink] = [:]
            for case .link(let name, let mode, let fps, let paused) in steps where links[name] == nil {
                var slow: [Int: Double] = [:]
                for case .slowFrame(name, let frame, let ms) in steps where slow[frame] == nil { slow[frame] = ms / 1000 }
                let link = Self.link(name, slow: slow, clock: clock)
                link.preferredFramesPerSecond = fps
                link.isPaused = paused
                try link.add(to: loop, forMode: mode)
                links[name] = link
            }
            let start = loop.now
            for step in steps {
                switch step {
                case .scroll(let at, let ms):
                    try loop.add(
                        try Loop.Timer(name: "scroll", fireDate: start + at / 1000) { _ in
                            Loop.current.note(Self.scrollBegins)
                            _ = try? Loop.current.run(mode: .tracking, timeout: ms / 1000)
                            Loop.current.note(Self.scrollEnds)
                        }, forMode: .common)
                case .pause(let name, let at, let paused):
                    guard let link = links[name] else { continue }
                    try loop.add(try Loop.Timer(name: "pause", fireDate: start + at / 1000) { _ in link.isPaused = paused }, forMode: .common)
                case .pauseFromAnotherThread(let name, let at, let paused):
                    guard let link = links[name] else { continue }
                    try loop.add(
                        try Loop.Timer(name: "pause", fireDate: start + at / 1000) { _ in
                            // A thread with a loop of its own (not the link's), waited for within a bound.
                            let other = LoopThread(name: "another thread", registry: LoopRegistry(clock: clock)) { link.isPaused = paused }
                            guard (try? other.start()) != nil, other.join(timeout: 2) else {
                                return Loop.current.note(Text(en: "the other thread did not finish", zh: "另一个线程没有结束"))
                            }
                        }, forMode: .common)
                case .rate(let name, let at, let fps):
                    guard let link = links[name] else { continue }
                    try loop.add(
                        try Loop.Timer(name: "rate", fireDate: start + at / 1000) { _ in link.preferredFramesPerSecond = fps }, forMode: .common)
                default: continue
                }
            }
            try loop.run(mode: .default, timeout: 0.4)
            for name in links.keys.sorted() { loop.note(Self.summary(links[name]!)) }
        }
    }

    static func practice(_ driving: any DisplayLinkDriving) -> Practice<DisplayStep> {
        Practice(
            lesson: 18, count: 150,
            hint: Text(
                en:
                    "Your display link differs from the engine's in this scenario: the port in exactly the mode asked for; vsyncs started on add unless paused, stopped on pause, restarted afresh (`lastFrameVSync = nil`) on resume; a frame every `vsyncsPerFrame` vsyncs after the last (60 / fps rounded, at least 1), for the latest vsync due, with the ones missed dropped; timestamp that vsync, target `step` vsyncs later.",
                zh:
                    "在这个场景里，你的 display link 和引擎的不一样：端口就放在要求的那个 Mode 里；加入时只要没暂停就开始接收 vsync，暂停时停掉，恢复时从头开始（`lastFrameVSync = nil`）；每一帧在上一帧之后隔 `vsyncsPerFrame` 个 vsync（`60 / fps` 四舍五入，至少为 1），交付最近一个到期的 vsync，错过的记为丢帧；`timestamp` 是那个 vsync，target 在 `step` 个 vsync 之后。"
            )
        ) { random in
            practiceScenario(&random)
        } run: { steps, side in
            try practiceTrace(steps, side == .student ? .reference.with(displayLink: driving) : .reference)
        }
    }

    @Test(
        "Generated scenarios: your display link delivers, drops and pauses frames as the reference engine does",
        .zh("自动生成的场景：你的 display link 交付、丢弃、暂停帧的方式和参考实现一致"))
    func generatedScenarios() async throws {
        try await Self.practice(StudentDisplayLink()).check()
    }
}
