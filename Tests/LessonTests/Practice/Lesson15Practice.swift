import Testing

/// Lesson 15 against the reference on generated scenarios: two windows of views (`window → a → b`,
/// `window → c`, `w2 → d`), parents whose layout resizes (marks) a child, timers and app observers
/// at orders around Core Animation's that mark views, lay them out at once, take time, stop the
/// run or start a busy source that keeps signalling itself; runs in the default mode, in tracking
/// and "modal" marked common or not, some that poll once and exit.
extension Lesson15Tests {
    /// What a callout does to the UI, or to the loop.
    enum UIAct: Sendable, CustomStringConvertible {
        case setNeedsLayout(String)
        case setNeedsDisplay(String)
        case layoutIfNeeded(String)
        /// The callout takes this many seconds.
        case takes(Double)
        /// Signals the busy source (it then signals itself for its remaining passes).
        case startBusy
        case stop

        var description: String { text.en }

        var text: Text {
            switch self {
            case .setNeedsLayout(let view): Text(en: "\(view).setNeedsLayout()", zh: "\(view).setNeedsLayout()")
            case .setNeedsDisplay(let view): Text(en: "\(view).setNeedsDisplay()", zh: "\(view).setNeedsDisplay()")
            case .layoutIfNeeded(let view): Text(en: "\(view).layoutIfNeeded()", zh: "\(view).layoutIfNeeded()")
            case .takes(let seconds): Text(en: "take \(PracticeText.number(seconds)) s", zh: "耗时 \(PracticeText.number(seconds)) 秒")
            case .startBusy: Text(en: "signal busy", zh: "标记 `busy`")
            case .stop: Text(en: "stop()", zh: "`stop()`")
            }
        }
    }

    /// One step of a scenario.
    enum UIStep: Sendable, CustomStringConvertible, PracticeStep, SimplifiableStep {
        /// A port in the common modes: the loop sleeps when idle instead of running out of items.
        case keepAlive
        case markCommon(LoopScenario.Place)
        /// `parent`'s layout marks `child` for layout (it changes the child's size).
        case resizes(String, String)
        case timer(String, LoopScenario.Place, after: Double, interval: Double, acts: [[UIAct]])
        /// An app observer in the common modes; its first callouts do `acts`.
        case observer(String, Loop.Activity, order: Int, acts: [[UIAct]])
        /// The busy source, in the common modes: each callout does `acts`, and it signals itself
        /// again until it has run `passes` times since it was last started.
        case busy(passes: Int, acts: [UIAct])
        case run(LoopScenario.Place, timeout: Double)

        var description: String { text.en }

        var text: Text {
            switch self {
            case .keepAlive: Text(en: "a port in common modes (the app's event ports)", zh: "common modes 里有一个端口（App 的事件端口）")
            case .markCommon(let place): Text(en: "mark \(place) common", zh: "把 \(place) 标为 common")
            case .resizes(let parent, let child):
                Text(en: "\(parent)'s layout marks \(child) for layout", zh: "\(parent) 的布局会标记 \(child) 需要布局")
            case .timer(let name, let place, let after, let interval, let acts):
                Self.with(
                    Text(
                        en: "timer \(name) in \(place), first in \(PracticeText.number(after)) s"
                            + (interval > 0 ? ", every \(PracticeText.number(interval)) s" : ""),
                        zh: "定时器 \(name)，加在 \(place) 里，\(PracticeText.number(after)) 秒后第一次触发"
                            + (interval > 0 ? "，每 \(PracticeText.number(interval)) 秒一次" : "")), acts)
            case .observer(let name, let activities, let order, let acts):
                Self.with(
                    Text(
                        en: "observer \(name) of \(activities), order \(order), in common modes",
                        zh: "观察者 \(name)（\(activities)，`order` \(order)），加在 common modes 里"), acts)
            case .busy(let passes, let acts):
                Self.with(
                    Text(
                        en: "source busy in common modes, signals itself for \(passes) passes",
                        zh: "事件源 `busy`，加在 common modes 里，会重新标记自己，共 \(passes) 轮"), [acts])
            case .run(let place, let timeout):
                Text(en: "run \(place) for \(PracticeText.number(timeout)) s", zh: "运行 \(place) \(PracticeText.number(timeout)) 秒")
            }
        }

        static func with(_ text: Text, _ acts: [[UIAct]]) -> Text {
            let said = acts.enumerated().filter { !$0.element.isEmpty }
            guard !said.isEmpty else { return text }
            let en = said.map { "callout \($0.offset + 1): " + $0.element.map(\.text.en).joined(separator: "; ") }
            let zh = said.map { "第 \($0.offset + 1) 次回调：" + $0.element.map(\.text.zh).joined(separator: "；") }
            return Text(en: text.en + " — " + en.joined(separator: " · "), zh: text.zh + "——" + zh.joined(separator: " · "))
        }

        var simpler: [UIStep] {
            /// No acts, one callout fewer, or one act fewer in one callout.
            func fewer(_ acts: [[UIAct]]) -> [[[UIAct]]] {
                acts.isEmpty
                    ? []
                    : [[], Array(acts.dropLast())]
                        + acts.indices.flatMap { callout in
                            acts[callout].indices.map { act in
                                var fewer = acts
                                fewer[callout].remove(at: act)
                                return fewer
                            }
                        }
            }
            switch self {
            case .timer(let name, let place, let after, let interval, let acts):
                return fewer(acts).map { .timer(name, place, after: after, interval: interval, acts: $0) }
                    + (interval > 0 ? [.timer(name, place, after: after, interval: 0, acts: acts)] : [])
            case .observer(let name, let activities, let order, let acts):
                return fewer(acts).map { .observer(name, activities, order: order, acts: $0) }
            case .busy(let passes, let acts):
                return fewer([acts]).map { .busy(passes: passes, acts: $0.first ?? []) } + (passes > 1 ? [.busy(passes: 1, acts: acts)] : [])
            case .keepAlive, .markCommon, .resizes, .run: return []
            }
        }
    }

    /// Runs `steps` on `loop`: the views, the items, then each run in order.
    final class UIWorld: @unchecked Sendable {
        // @unchecked: used on the loop's thread only.
        private var views: [String: View] = [:]
        private var calls: [String: Int] = [:]
        private var busy: Loop.Source?
        private var busyPasses = 0
        private var busyLeft = 0
        private let loop: Loop
        private let clock: VirtualClock

        init(loop: Loop, clock: VirtualClock, steps: [UIStep]) {
            self.loop = loop
            self.clock = clock
            var resizes: [String: [String]] = [:]
            for case .resizes(let parent, let child) in steps { resizes[parent, default: []].append(child) }
            for name in ["window", "a", "b", "c", "w2", "d"] {
                let children = resizes[name] ?? []
                views[name] = View(name: name) { [weak self] _ in
                    for child in children { self?.views[child]?.setNeedsLayout() }
                }
            }
            for (parent, child) in [("window", "a"), ("a", "b"), ("window", "c"), ("w2", "d")] { views[parent]!.addSubview(views[child]!) }
        }

        func perform(_ step: UIStep) throws {
            switch step {
            case .keepAlive: try loop.add(Loop.Port(name: "events"), forMode: .common)
            case .markCommon(let place): loop.addCommonMode(place.mode)
            case .resizes: break
            case .timer(let name, let place, let after, let interval, let acts):
                try loop.add(
                    try Loop.Timer(name: name, fireDate: loop.now + after, interval: interval) { [unowned self] _ in self.callout(name, acts) },
                    forMode: place.mode)
            case .observer(let name, let activities, let order, let acts):
                try loop.add(Loop.Observer(name: name, activities: activities, order: order) { [unowned self] _ in self.callout(name, acts) }, forMode: .common)
            case .busy(let passes, let acts):
                let source = Loop.Source(name: "busy") { [unowned self] in
                    self.run(acts)
                    self.busyLeft -= 1
                    if self.busyLeft > 0 { self.busy?.signal() }
                }
                busy = source
                busyPasses = passes
                try loop.add(source, forMode: .common)
            case .run(let place, let timeout):
                _ = try loop.run(mode: place.mode, timeout: timeout)
            }
        }

        private func callout(_ name: String, _ acts: [[UIAct]]) {
            let number = calls[name, default: 0]
            calls[name] = number + 1
            if number < acts.count { run(acts[number]) }
        }

        private func run(_ acts: [UIAct]) {
            for act in acts {
                switch act {
                case .setNeedsLayout(let view): views[view]?.setNeedsLayout()
                case .setNeedsDisplay(let view): views[view]?.setNeedsDisplay()
                case .layoutIfNeeded(let view): views[view]?.layoutIfNeeded()
                case .takes(let seconds): clock.advance(by: seconds)
                case .startBusy:
                    guard let busy else { continue }
                    busyLeft = busyPasses
                    busy.signal()
                case .stop: loop.stop()
                }
            }
        }
    }

    static let practiceViews = ["window", "a", "b", "c", "w2", "d"]

    static func practiceActs(_ random: inout SeededGenerator, count: ClosedRange<Int>) -> [UIAct] {
        (0..<random.int(count)).map { _ in
            switch random.int(0...11) {
            case 0...3: .setNeedsLayout(random.pick(practiceViews))
            case 4...6: .setNeedsDisplay(random.pick(practiceViews))
            case 7: .layoutIfNeeded(random.pick(practiceViews))
            case 8, 9: .takes(random.pick([0.25, 0.5, 1]))
            case 10: .startBusy
            default: .stop
            }
        }
    }

    static func practiceScenario(_ random: inout SeededGenerator) -> [UIStep] {
        var steps: [UIStep] = random.chance(0.7) ? [.keepAlive] : []
        if random.chance(0.5) { steps.append(.markCommon(.tracking)) }
        if random.chance(0.2) { steps.append(.markCommon(.modal)) }
        for (parent, child) in [("window", "a"), ("a", "b"), ("window", "c"), ("w2", "d")] where random.chance(0.3) {
            steps.append(.resizes(parent, child))
        }
        for number in 0..<random.int(1...3) {
            let interval = random.chance(0.3) ? random.pick([0.5, 1]) : 0
            let acts = (0..<random.int(1...3)).map { _ in practiceActs(&random, count: 1...4) }
            steps.append(
                .timer(
                    "t\(number + 1)", random.pick([.default, .default, .common, .tracking, .modal]), after: random.pick([0, 0.5, 1, 1.5]),
                    interval: interval, acts: acts))
        }
        for number in 0..<random.int(0...2) {
            let activities = random.pick([Loop.Activity.beforeWaiting, .beforeWaiting, .afterWaiting, .exit, .beforeSources, [.beforeWaiting, .exit]])
            let order = random.pick([0, 1_000_000, 1_999_999, 2_000_001, 3_000_000, Int(Int32.max)])
            let acts = (0..<random.int(1...2)).map { _ in practiceActs(&random, count: 1...2).filter { if case .stop = $0 { false } else { true } } }
            steps.append(.observer("o\(number + 1)", activities, order: order, acts: acts))
        }
        if random.chance(0.4) {
            steps.append(.busy(passes: random.int(1...3), acts: practiceActs(&random, count: 1...2).filter { if case .stop = $0 { false } else { true } }))
        }
        for _ in 0..<random.int(1...3) {
            steps.append(.run(random.pick([.default, .default, .tracking, .modal]), timeout: random.pick([0, 0.5, 1, 2, 2])))
        }
        return steps
    }

    static func practice(_ commit: any CoreAnimationCommit) -> Practice<UIStep> {
        Practice(
            lesson: 15, count: 200,
            hint: Text(
                en:
                    "Your commits lay out, draw or send differently from the engine's in this scenario: one observer of before waiting and exit, repeating, at order 2000000, in the common modes; each commit lays out every view whose flag is set (a view before its subviews, in the windows the transaction hands you), then draws those that need it, then sends to the render server.",
                zh:
                    "在这个场景里，你的提交在布局、绘制或交给渲染服务上和引擎的不一样：一个观察者，观察 `before waiting` 和 `exit`，重复，`order` 2000000，在 common modes 里；每次提交先给所有设了标记的视图布局（在事务交给你的各个窗口里，先父视图后子视图），再绘制需要绘制的，最后交给渲染服务。"
            )
        ) { random in
            practiceScenario(&random)
        } run: { steps, side in
            let mechanisms = Loop.Mechanisms.reference.with(commit: side == .student ? commit : ReferenceCoreAnimationCommit())
            return try Harness.trace(mechanisms, .all) { loop, clock in
                let world = UIWorld(loop: loop, clock: clock, steps: steps)
                for step in steps { try world.perform(step) }
            }
        }
    }

    @Test("Generated scenarios: your commits lay out and draw as the reference engine's", .zh("自动生成的场景：你的提交和参考实现在同样的时刻布局、绘制"))
    func generatedScenarios() async throws {
        try await Self.practice(StudentCommit()).check()
    }
}
