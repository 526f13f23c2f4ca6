import Testing

/// Lesson 23 against the reference on generated call sequences, on the watched main loop of
/// ``Lesson23Tests/watched(_:timeout:_:)``: taps (in the common modes) that load the profile,
/// refresh the label or both, loads whose `show` asks for a refresh, cells that appear during a
/// scroll and do the same, and runs of the default and tracking modes of every length, zero
/// included, between them.
extension Lesson23Tests {
    enum AppStep: Sendable, CustomStringConvertible, PracticeStep, SimplifiableStep {
        /// A tap whose handler loads the profile `loads` times and refreshes the label `refreshes` times.
        case tap(loads: Int, refreshes: Int)
        /// A tap whose handler loads the profile; its `show` refreshes the label.
        case loadThenRefresh
        /// A cell appears `after` seconds into the next tracking run and refreshes and loads.
        case cell(after: Double)
        /// The loop runs `mode` for `seconds`.
        case run(Loop.Mode, seconds: Double)

        var text: Text {
            switch self {
            case let .tap(loads, refreshes):
                return Text(
                    en: "tap: loadProfile × \(loads), refreshLabel × \(refreshes)", zh: "点击：`loadProfile` × \(loads)，`refreshLabel` × \(refreshes)")
            case .loadThenRefresh:
                return Text(en: "tap: loadProfile, whose show calls refreshLabel", zh: "点击：`loadProfile`，它的 `show` 调用 `refreshLabel`")
            case let .cell(after):
                let seconds = PracticeText.seconds(after)
                return Text(
                    en: "a cell appears \(seconds.en) into the next scroll: refreshLabel, loadProfile",
                    zh: "下一次滑动开始 \(seconds.zh) 后出现一个 `cell`：`refreshLabel`，`loadProfile`")
            case let .run(mode, seconds):
                return Text(en: "run \(mode.name) for \(PracticeText.seconds(seconds).en)", zh: "运行 \(mode.name) \(PracticeText.seconds(seconds).zh)")
            }
        }

        var description: String { text.en }

        var simpler: [AppStep] {
            switch self {
            case let .tap(loads, refreshes):
                (loads > 0 ? [.tap(loads: loads - 1, refreshes: refreshes)] : []) + (refreshes > 0 ? [.tap(loads: loads, refreshes: refreshes - 1)] : [])
            case let .run(mode, seconds): seconds > 0.5 ? [.run(mode, seconds: 0.5)] : []
            default: []
            }
        }
    }

    static func practiceScenario(_ random: inout SeededGenerator) -> [AppStep] {
        (0..<random.int(2...8)).map { _ -> AppStep in
            switch random.int(0...7) {
            case 0...1: .tap(loads: random.int(0...2), refreshes: random.int(0...2))
            case 2: .loadThenRefresh
            case 3: .cell(after: random.pick([0, 0.1, 0.3]))
            default: .run(random.pick([Loop.Mode.default, .default, .tracking]), seconds: random.pick([0, 0.1, 0.3, 0.5, 1]))
            }
        }
    }

    /// Runs `steps` with `app` on a fresh watched main loop; returns its callouts and notes.
    static func practiceTrace(_ steps: [AppStep], _ app: App) throws -> [String] {
        try watched(app, timeout: 5) { stage in
            let counter = Lock(0)
            @Sendable func next() -> Int {
                counter.withLock {
                    $0 += 1
                    return $0
                }
            }
            for (index, step) in steps.enumerated() {
                switch step {
                case let .tap(loads, refreshes):
                    try stage.tap("tap \(index + 1)") {
                        for _ in 0..<loads { stage.load(next()) }
                        for _ in 0..<refreshes { stage.refresh(next()) }
                    }
                case .loadThenRefresh:
                    try stage.tap("tap \(index + 1)") {
                        let number = next()
                        stage.app.load(stage.session) { data in
                            Loop.current.note(Lesson23Tests.shows(data, number))
                            stage.refresh(next())
                        }
                    }
                case let .cell(after):
                    let cell = try Loop.Timer(name: "cell \(index + 1)", fireDate: stage.loop.now + after) { _ in
                        stage.refresh(next())
                        stage.load(next())
                    }
                    try stage.loop.add(cell, forMode: .tracking)
                case let .run(mode, seconds): try stage.run(mode, seconds)
                }
            }
            try stage.run(.default, 0.1)
        }.map { $0 }
    }

    static let practice = Practice<AppStep>(
        lesson: 23, count: 60,
        hint: Text(
            en:
                "Your app differs from the reference on this sequence of calls: `loadProfile` starts `session.dataTask(\"profile\")` and calls `show` once, from its completion handler, without waiting; `refreshLabel` is `queue.async(name: \"refresh\", update)`, no `sync`, no wait, nothing run inside the call.",
            zh:
                "在这串调用上，你的 App 和参考实现不一样：`loadProfile` 发起 `session.dataTask(\"profile\")`，在它的完成回调里调用一次 `show`，不等待；`refreshLabel` 就是 `queue.async(name: \"refresh\", update)`，不用 `sync`，不等待，调用里面什么都不执行。"
        )
    ) { random in
        practiceScenario(&random)
    } run: { steps, side in
        try practiceTrace(steps, side == .student ? .student : .reference)
    }

    @Test(
        "Generated call sequences: your load and refresh run on the main loop as the reference's do",
        .zh("自动生成的调用序列：你的加载和刷新在主 RunLoop 上的表现和参考实现一致"))
    func generatedCalls() async throws {
        try await Self.practice.check()
    }
}
