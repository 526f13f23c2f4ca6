import Testing

/// Lesson 25 against the reference on generated app sessions: taps, scrolls (a drag began, then
/// ended, sometimes never, sometimes twice over), animations (three display-link frames), jobs
/// sent to the main queue from a background thread, and stalls of the app's code (frames
/// dropped), at times that fall before, during and after the scrolls, and in half the sessions
/// observers of the app's own; the driver run until a deadline of 1 to 3 s. The whole trace is
/// compared.
extension Lesson25Tests {
    /// One cue of a generated session, at its time.
    struct SessionStep: Sendable, CustomStringConvertible, PracticeStep, SimplifiableStep {
        var time: Double
        var cue: Cue

        var text: Text {
            let at = PracticeText.seconds(time)
            switch cue {
            case .event(let event):
                return Text(en: "at \(at.en) the system sends \"\(event)\"", zh: "\(at.zh)时系统发来 \"\(event)\"")
            case .job(let job):
                return Text(
                    en: "at \(at.en) a background thread sends job \(job) to the main queue", zh: "\(at.zh)时一个子线程把 job \(job) 发到主队列")
            case .stall(let seconds):
                let long = PracticeText.seconds(seconds)
                return Text(en: "at \(at.en) the app's code takes \(long.en)", zh: "\(at.zh)时 App 的代码执行了 \(long.zh)")
            case .appObservers:
                return Text(
                    en:
                        "the app has observers of its own at order 0 in .common: main()'s at the entry (added before launch), the delegate's before the first sleep and at the first exit (added after)",
                    zh:
                        "App 在 `.common` 里有自己的 `order` 为 0 的观察者：`main()` 的观察 Entry（在 `launch(_:)` 之前添加），App 代理的观察第一次 BeforeWaiting 和第一次 Exit（在 `launch(_:)` 之后添加）"
                )
            }
        }

        var description: String { text.en }

        var simpler: [SessionStep] {
            switch cue {
            case .stall(let seconds) where seconds > 0.05: [SessionStep(time: time, cue: .stall(0.05))]
            default: []
            }
        }
    }

    /// A generated session: its steps, the deadline last (a step of its own would be shrunk away).
    static func practiceScenario(_ random: inout SeededGenerator) -> [SessionStep] {
        var steps: [SessionStep] = []
        func at(_ random: inout SeededGenerator) -> Double { 0.05 * Double(random.int(1...50)) }
        // Observers of the app's own, about which the pool push, the commit and the pool pop
        // must keep their extreme orders.
        if random.chance(0.5) { steps.append(SessionStep(time: 0, cue: .appObservers)) }
        for _ in 0..<random.int(0...3) { steps.append(SessionStep(time: at(&random), cue: .event("tap"))) }
        for _ in 0..<random.int(0...2) {
            let began = at(&random)
            // A touch that lands as the drag begins: a tap and a drag began sent at the same time.
            if random.chance(0.4) { steps.append(SessionStep(time: began, cue: .event("tap"))) }
            steps.append(SessionStep(time: began, cue: .event("drag began")))
            if random.chance(0.85) {
                steps.append(SessionStep(time: began + 0.05 * Double(random.int(1...20)), cue: .event("drag ended")))
            }
        }
        if random.chance(0.25) { steps.append(SessionStep(time: at(&random), cue: .event("drag ended"))) }
        for _ in 0..<random.int(0...2) { steps.append(SessionStep(time: at(&random), cue: .event("animate"))) }
        for job in 1...max(1, random.int(0...2)) where random.chance(0.7) { steps.append(SessionStep(time: at(&random), cue: .job(job))) }
        if random.chance(0.5) { steps.append(SessionStep(time: at(&random), cue: .stall(random.pick([0.02, 0.05, 0.1, 0.3])))) }
        return steps.sorted { $0.time < $1.time }
    }

    static func practice(_ main: any ApplicationMain) -> Practice<SessionStep> {
        Practice(
            lesson: 25, count: 120,
            hint: Text(
                en:
                    "Your app's main loop differs from the engine's in this session (the whole trace: runs, activities, callouts, pools, commits, events, frames, jobs): the pool push at the entry first of all, the commit at order 2 000 000, the pool pop (and push before waiting) last of all; the event source0 and port, the display link, all in .common; the default mode pushed at launch; a scroll pushes and pops the tracking mode, never a nested run; the driver runs the top mode again each time a run ends.",
                zh:
                    "在这段会话里，你的 App 主线程 RunLoop 和引擎的不一样（比较整条轨迹：运行、状态、回调、自动释放池、提交、事件、帧、任务）：Entry 时压入自动释放池排在最前面，提交的 `order` 为 2 000 000，弹出（BeforeWaiting 时再压入）排在最后面；事件 Source0 和端口、display link 全都在 `.common` 里；启动时压入 default Mode；滑动压入、弹出 tracking Mode，绝不是嵌套运行；每次运行结束，驱动循环就再运行栈顶的 Mode。"
            )
        ) { random in
            practiceScenario(&random)
        } run: { steps, side in
            try session(side == .student ? main : ReferenceApplicationMain(), steps.map { ($0.time, $0.cue) }, until: 3)
        }
    }

    @Test("Generated sessions: your app's main loop runs as the reference's does", .zh("自动生成的会话：你的 App 主线程 RunLoop 和参考实现的一模一样"))
    func generatedScenarios() async throws {
        try await Self.practice(StudentApplicationMain()).check()
    }
}
