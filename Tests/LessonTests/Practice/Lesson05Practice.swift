import Testing

/// Lesson 05 against the reference on generated call sequences: bells of equal and different
/// orders put on a loop (on a virtual clock) in no mode, one, two, the same one twice, `.common`,
/// or a private mode marked common only later; rung from the loop's thread, from another thread
/// (waited for), twice before the loop gets to them, or from inside another bell; and runs of the
/// default, tracking and private modes, some returning after the first source. Each bell notes
/// when, in which mode and on which thread it runs; each run notes how it ended.
extension Lesson05Tests {
    /// The private mode of the scenarios, marked common by a step of its own.
    static let sheet: Loop.Mode = "sheet"

    enum BellStep: Sendable, CustomStringConvertible, PracticeStep, SimplifiableStep {
        /// Bell number `bell` is put on the loop with `order` in `modes`; with `rings`, it rings
        /// that other bell when it runs.
        case bell(Int, order: Int, modes: [Loop.Mode], rings: Int?)
        /// The bell is rung `times` times, from the loop's thread or from another thread.
        case ring(Int, times: Int, fromAnotherThread: Bool)
        /// The loop's thread marks the private mode common.
        case markSheetCommon
        /// The loop runs `mode` for `timeout` seconds, returning after one source if `once`.
        case run(Loop.Mode, timeout: Double, once: Bool)

        static func named(_ modes: [Loop.Mode]) -> String {
            "[" + modes.map { $0 == .common ? ".common" : $0.name }.joined(separator: ", ") + "]"
        }

        var text: Text {
            switch self {
            case let .bell(bell, order, modes, rings):
                let then = rings.map { Text(en: "; it rings bell \($0) when it runs", zh: "；它执行时会按门铃 \($0)") } ?? Text(en: "", zh: "")
                return Text(
                    en: "bell \(bell): DoorBell(on: loop, order: \(order), modes: \(Self.named(modes)))\(then.en)",
                    zh: "门铃 \(bell)：`DoorBell(on: loop, order: \(order), modes: \(Self.named(modes)))`\(then.zh)")
            case let .ring(bell, times, other):
                let caller = other ? Text(en: "another thread", zh: "另一个线程") : Text(en: "the loop's thread", zh: "RunLoop 的线程")
                return Text(en: "\(caller.en) rings bell \(bell) \(times) time(s)", zh: "\(caller.zh)按门铃 \(bell) \(times) 次")
            case .markSheetCommon: return Text(en: "mark sheet common", zh: "把 `sheet` 标为 common")
            case let .run(mode, timeout, once):
                return Text(
                    en: "run \(mode.name) for \(PracticeText.seconds(timeout).en)\(once ? ", returning after one source" : "")",
                    zh: "运行 \(mode.name) \(PracticeText.seconds(timeout).zh)\(once ? "，处理一个事件源后返回" : "")")
            }
        }

        var description: String { text.en }

        var simpler: [BellStep] {
            switch self {
            case let .bell(bell, order, modes, rings):
                (rings != nil ? [.bell(bell, order: order, modes: modes, rings: nil)] : [])
                    + (order != 0 ? [.bell(bell, order: 0, modes: modes, rings: rings)] : [])
            case let .ring(bell, times, other):
                (times > 1 ? [.ring(bell, times: 1, fromAnotherThread: other)] : [])
                    + (other ? [.ring(bell, times: times, fromAnotherThread: false)] : [])
            case let .run(mode, timeout, once): once ? [.run(mode, timeout: timeout, once: false)] : []
            default: []
            }
        }
    }

    static let practiceModes: [[Loop.Mode]] = [
        [.default], [.default], [.tracking], [.common], [.common], [sheet], [], [.default, .tracking], [.default, .default], [.common, sheet],
    ]

    static func practiceScenario(_ random: inout SeededGenerator) -> [BellStep] {
        let bells = random.int(1...4)
        var steps: [BellStep] = (1...bells).map { bell in
            .bell(bell, order: random.pick([0, 0, 1, -1]), modes: random.pick(practiceModes), rings: random.chance(0.15) ? random.int(1...bells) : nil)
        }
        for _ in 0..<random.int(2...10) {
            switch random.int(0...9) {
            case 0...4: steps.append(.ring(random.int(1...bells), times: random.pick([1, 1, 2]), fromAnotherThread: random.chance(0.4)))
            case 5: steps.append(.markSheetCommon)
            default:
                steps.append(.run(random.pick([Loop.Mode.default, .default, .tracking, sheet]), timeout: random.pick([0, 0.5, 1]), once: random.chance(0.3)))
            }
        }
        return steps
    }

    /// Puts a bell on a loop and returns how to ring it.
    typealias MakeBell = @Sendable (Loop, Int, [Loop.Mode], @escaping @Sendable () -> Void) throws -> @Sendable () -> Void

    /// The engine's version-0 source: added to each of `modes`, rung by signalling it and waking the loop.
    static let referenceBell: MakeBell = { loop, order, modes, onRing in
        let source = Loop.Source(name: "door bell", order: order, perform: onRing)
        for mode in modes { try loop.add(source, forMode: mode) }
        return {
            source.signal()
            loop.wakeUp()
        }
    }

    /// Runs `steps` with `makeBell` on a fresh loop on a virtual clock (a port in each mode keeps
    /// every run to its timeout); returns its notes.
    static func practiceTrace(_ steps: [BellStep], _ makeBell: @escaping MakeBell) throws -> [String] {
        try Harness.trace(.reference, .notes) { loop, _ in
            let home = ThreadID.current
            for mode in [Loop.Mode.default, .tracking, sheet] { try loop.add(Loop.Port(name: "keep-alive"), forMode: mode) }
            let rings = Lock<[Int: @Sendable () -> Void]>([:])
            for case let .bell(bell, order, modes, then) in steps where rings.withLock({ $0[bell] == nil }) {
                do {
                    let ring = try makeBell(loop, order, modes) {
                        let place = ThreadID.current == home ? "" : " (not on the loop's thread)"
                        loop.note(Text(en: "bell \(bell) runs\(place)", zh: "门铃 \(bell) 执行了\(place.isEmpty ? "" : "（不在 RunLoop 的线程上）")"))
                        if let then { rings.withLock { $0[then] }?() }
                    }
                    rings.withLock { $0[bell] = ring }
                } catch {
                    loop.note(Text(en: "bell \(bell) threw \(error)", zh: "门铃 \(bell) 抛出了 \(error)"))
                }
            }
            for step in steps {
                switch step {
                case .bell: continue
                case let .ring(bell, times, other):
                    guard let ring = rings.withLock({ $0[bell] }) else { continue }
                    if other {
                        let ringer = LoopThread(name: "ringer") { for _ in 0..<times { ring() } }
                        if (try? ringer.start()) == nil || !ringer.join(timeout: 2) {
                            loop.note(Text(en: "ringing bell \(bell) did not return within 2 s", zh: "按门铃 \(bell) 的调用 2 秒内没有返回"))
                        }
                    } else {
                        for _ in 0..<times { ring() }
                    }
                case .markSheetCommon: loop.addCommonMode(sheet)
                case let .run(mode, timeout, once):
                    loop.note(Note.returned("run(\(mode.name))", try loop.run(mode: mode, timeout: timeout, returnAfterSourceHandled: once)))
                }
            }
            for mode in [Loop.Mode.default, .tracking, sheet] {
                for item in loop.items(inMode: mode) { loop.remove(item, fromMode: mode) }
            }
        }
    }

    static func practice(_ makeBell: @escaping MakeBell) -> Practice<BellStep> {
        Practice(
            lesson: 5, count: 100,
            hint: Text(
                en:
                    "Your door bell differs from the engine's on this sequence of calls: one version-0 source with the bell's `order`, added to each of `modes` as given (`.common` itself, so that a mode marked common later rings too) and to no other; ring() signals it and wakes its loop, from any thread, and runs nothing itself; the loop runs it once for the rings it has not seen yet, lower orders first, and goes on with its run.",
                zh:
                    "在这串调用上，你的门铃和引擎的不一样：一个带门铃 `order` 的 Source0，按给定的 `modes` 逐个加进去（`.common` 就原样加 `.common`，这样之后才标为 common 的 Mode 里也能响），别的 Mode 都不加；`ring()` 在任何线程上都是标记它、唤醒它的 RunLoop，自己什么都不执行；RunLoop 对它还没看到的那些按铃只执行一次，`order` 小的先执行，然后接着进行原来的运行。"
            )
        ) { random in
            practiceScenario(&random)
        } run: { steps, side in
            try practiceTrace(steps, side == .student ? makeBell : referenceBell)
        }
    }

    @Test(
        "Generated call sequences: your door bell rings as the reference does", .zh("自动生成的调用序列：你的门铃响起的方式和参考实现一致"))
    func generatedCalls() async throws {
        try await Self.practice { loop, order, modes, onRing in
            let bell = try DoorBell(on: loop, order: order, modes: modes, onRing: onRing)
            return { bell.ring() }
        }.check()
    }
}
