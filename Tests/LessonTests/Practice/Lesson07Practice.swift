import Testing

/// Lesson 07 against the reference on generated call sequences: `performAfterDelay` called on a
/// thread whose loop runs on a virtual clock, with delays of 0, a nanosecond, a few seconds, past,
/// huge, infinite and not a number; in no mode, one, two, the same one twice, `.common`, a private
/// mode, or `.common` with a private mode that is marked common only later; cancelled through the
/// timer it returned, before or after it ran; work that schedules more work from its callout; and
/// runs of the default, tracking and private modes between the calls. Each work notes when, in
/// which mode and on which thread it runs; each call notes what it threw.
extension Lesson07Tests {
    /// The private mode of the scenarios, marked common by a step of its own.
    static let sheet: Loop.Mode = "sheet"

    enum PerformStep: Sendable, CustomStringConvertible, PracticeStep, SimplifiableStep {
        /// Work number `work` is scheduled after `delay` in `modes`; with `again`, it schedules work
        /// `work + 100` after 0 in the same modes when it runs.
        case perform(work: Int, delay: Double, modes: [Loop.Mode], again: Bool)
        /// The private mode is marked common.
        case markSheetCommon
        /// The loop runs `mode` for `timeout` seconds.
        case run(Loop.Mode, timeout: Double)
        /// The timer the call for `work` returned is invalidated.
        case cancel(work: Int)

        static func named(_ modes: [Loop.Mode]) -> String {
            "[" + modes.map { $0 == .common ? ".common" : $0.name }.joined(separator: ", ") + "]"
        }

        var text: Text {
            switch self {
            case let .perform(work, delay, modes, again):
                let seconds = PracticeText.seconds(delay)
                return Text(
                    en: "performAfterDelay(\(seconds.en), inModes: \(Self.named(modes))) { work \(work)\(again ? "; then work \(work + 100) after 0" : "") }",
                    zh: "`performAfterDelay(\(seconds.zh), inModes: \(Self.named(modes)))` { 工作 \(work)\(again ? "；然后 0 秒后执行工作 \(work + 100)" : "") }")
            case .markSheetCommon: return Text(en: "mark sheet common", zh: "把 `sheet` 标为 common")
            case let .run(mode, timeout):
                return Text(en: "run \(mode.name) for \(PracticeText.seconds(timeout).en)", zh: "运行 \(mode.name) \(PracticeText.seconds(timeout).zh)")
            case let .cancel(work): return Text(en: "invalidate the timer of work \(work)", zh: "让工作 \(work) 的定时器失效")
            }
        }

        var description: String { text.en }

        var simpler: [PerformStep] {
            switch self {
            case let .perform(work, delay, modes, again):
                (again ? [.perform(work: work, delay: delay, modes: modes, again: false)] : [])
                    + (delay != 1 && delay.isFinite && delay > 0 ? [.perform(work: work, delay: 1, modes: modes, again: again)] : [])
            case let .run(mode, timeout): timeout > 1 ? [.run(mode, timeout: 1)] : []
            default: []
            }
        }
    }

    static let practiceDelays: [Double] = [0, 0, 1e-9, 0.5, 1, 1, 1.5, 2.5, -1, 1e6, 1e12, .infinity, .nan]
    static let practiceModes: [[Loop.Mode]] = [
        [.default], [.default], [.tracking], [.common], [.common], [sheet], [], [.default, .tracking], [.default, .default],
        [.common, sheet], [.common, .default], [sheet, .tracking],
    ]

    static func practiceScenario(_ random: inout SeededGenerator) -> [PerformStep] {
        var works = 0
        return (0..<random.int(3...12)).map { _ -> PerformStep in
            switch random.int(0...9) {
            case 0...3:
                works += 1
                return .perform(work: works, delay: random.pick(practiceDelays), modes: random.pick(practiceModes), again: random.chance(0.15))
            case 4: return .markSheetCommon
            case 5...7: return .run(random.pick([Loop.Mode.default, .default, .tracking, sheet]), timeout: random.pick([0, 0.5, 1, 2, 3]))
            default: return .cancel(work: random.int(1...max(works, 1)))
            }
        }
    }

    /// What the Solution does, in the engine's words: a one-shot timer due `delay` from now on the
    /// calling thread's loop, added to each of `modes` (`performSelector:withObject:afterDelay:inModes:`).
    @discardableResult
    static func referencePerform(_ delay: Double, inModes modes: [Loop.Mode], _ work: @escaping @Sendable () -> Void) throws -> Loop.Timer {
        let loop = Loop.current
        let timer = try Loop.Timer(name: "perform after delay", fireDate: loop.now + delay) { _ in work() }
        for mode in modes { try loop.add(timer, forMode: mode) }
        return timer
    }

    typealias Perform = @Sendable (Double, [Loop.Mode], @escaping @Sendable () -> Void) throws -> Loop.Timer

    /// Runs `steps` with `perform` on a fresh thread whose loop is on a virtual clock (a port in
    /// each mode keeps every run to its timeout); returns its notes, or the thread's fate if it
    /// does not finish within a bounded wait.
    static func practiceTrace(_ steps: [PerformStep], _ perform: @escaping Perform) -> [String] {
        let lines = Lock<[String]?>(nil)
        let thread = LoopThread(name: "asker", registry: LoopRegistry(clock: VirtualClock())) {
            let loop = Loop.current
            loop.passLimit = 10_000
            let asker = ThreadID.current
            let trace = loop.startTracing()
            for mode in [Loop.Mode.default, .tracking, sheet] { try? loop.add(Loop.Port(name: "keep-alive"), forMode: mode) }
            let timers = Lock<[Int: Loop.Timer]>([:])
            @Sendable func schedule(_ work: Int, _ delay: Double, _ modes: [Loop.Mode], again: Bool) {
                do {
                    let timer = try perform(delay, modes) {
                        let current = Loop.current
                        let place = ThreadID.current == asker ? "" : " (on another thread)"
                        current.note(Text(en: "work \(work) runs\(place)", zh: "工作 \(work) 执行了\(place.isEmpty ? "" : "（在另一个线程上）")"))
                        if again { schedule(work + 100, 0, modes, again: false) }
                    }
                    timers.withLock { $0[work] = timer }
                } catch {
                    loop.note(Text(en: "scheduling work \(work) threw \(error)", zh: "把工作 \(work) 加入 RunLoop 时抛出了 \(error)"))
                }
            }
            for step in steps {
                switch step {
                case let .perform(work, delay, modes, again): schedule(work, delay, modes, again: again)
                case .markSheetCommon: loop.addCommonMode(sheet)
                case let .run(mode, timeout):
                    do {
                        loop.note(Note.returned("run(\(mode.name))", try loop.run(mode: mode, timeout: timeout)))
                    } catch {
                        loop.note(Text(en: "run(\(mode.name)) threw \(error)", zh: "`run(\(mode.name))` 抛出了 \(error)"))
                    }
                case let .cancel(work): timers.withLock { $0[work] }?.invalidate()
                }
            }
            let pending = timers.withLock { $0 }.filter { $0.value.isValid }.keys.sorted()
            loop.note(Text(en: "still scheduled: \(pending)", zh: "仍在等待执行的：\(pending)"))
            let notes = trace.lines(.notes)
            for mode in [Loop.Mode.default, .tracking, sheet] {
                for item in loop.items(inMode: mode) { loop.remove(item, fromMode: mode) }
            }
            lines.withLock { $0 = notes }
        }
        do { try thread.start() } catch { return ["(the thread did not start: \(error))"] }
        guard thread.join(timeout: 5) else { return ["(the scenario did not finish within 5 s)"] }
        return lines.withLock { $0 } ?? ["(the scenario ended without a trace)"]
    }

    static func practice(_ perform: @escaping Perform) -> Practice<PerformStep> {
        Practice(
            lesson: 7, count: 100,
            hint: Text(
                en:
                    "Your performAfterDelay differs from the engine's on this sequence of calls: one one-shot timer, due `delay` after the current loop's `now` (a past, huge or infinite delay as the engine's `Instant + seconds` makes it), added to the current loop in each of `modes` as given — `.common` itself, so that a mode marked common later gets the work too — and in no mode for an empty list; returned, so that invalidating it cancels the work.",
                zh:
                    "在这串调用上，你的 `performAfterDelay` 和引擎的不一样：一个一次性定时器，触发时间是当前 RunLoop 的 `now` 加 `delay`（过去的、极大的或无穷大的延迟，按引擎的 `Instant + seconds` 算），按给定的 `modes` 逐个加到当前 RunLoop——`.common` 就原样加 `.common`，这样之后才标为 common 的 Mode 也能拿到这份工作——空列表就一个 Mode 也不加；把它返回，让它失效就取消了这份工作。"
            )
        ) { random in
            practiceScenario(&random)
        } run: { steps, side in
            let reference: Perform = { delay, modes, work in try referencePerform(delay, inModes: modes, work) }
            return practiceTrace(steps, side == .student ? perform : reference)
        }
    }

    @Test(
        "Generated call sequences: your performAfterDelay schedules, fires and cancels work as the reference does",
        .zh("自动生成的调用序列：你的 `performAfterDelay` 加入、触发和取消工作的方式和参考实现一致"))
    func generatedCalls() async throws {
        try await Self.practice { try performAfterDelay($0, inModes: $1, $2) }.check()
    }
}
