import Testing

/// Lesson 24 against the reference on generated call sequences, on a UI loop driven by its mode
/// stack (virtual clock, tracking marked common): tasks queued in batches, some of which queue
/// another task when they run; drains installed on the queue (one, two, or one added late) and
/// invalidated; scrolls pushed and popped; delayed images due now, during a scroll or after it,
/// cancelled or not; and stretches of the driver's running between the calls. The trace keeps
/// the beforeWaiting activity, the wake-ups and the notes: which pass ran what, in which mode.
extension Lesson24Tests {
    enum IdleStep: Sendable, CustomStringConvertible, PracticeStep, SimplifiableStep {
        /// `count` tasks are queued; with `requeue`, each queues one more task when it runs.
        case tasks(Int, requeue: Bool)
        /// A drain is installed on the queue.
        case drain
        /// The last drain installed is invalidated.
        case stopDrain
        /// The finger goes down (the tracking mode is pushed), or lifts (popped).
        case fingerDown
        case fingerUp
        /// Image `n` is set when scrolling stops, `delay` seconds from now.
        case image(Int, delay: Double)
        /// Image `n`'s timer is invalidated.
        case cancelImage(Int)
        /// The driver runs the loop from its mode stack for `seconds`.
        case run(Double)

        var text: Text {
            switch self {
            case let .tasks(count, requeue):
                return Text(
                    en: "queue \(count) task\(count == 1 ? "" : "s")\(requeue ? ", each queueing one more" : "")",
                    zh: "排入 \(count) 个任务\(requeue ? "，每个执行时再排入一个" : "")")
            case .drain: return Text(en: "drainOneTaskPerPass(queue, on: loop)", zh: "drainOneTaskPerPass(queue, on: loop)")
            case .stopDrain: return Text(en: "invalidate the last drain's observer", zh: "让最后一个消化任务的观察者失效")
            case .fingerDown: return Text(en: "finger down: push tracking", zh: "按下手指：压入 tracking")
            case .fingerUp: return Text(en: "finger up: pop", zh: "抬起手指：弹出")
            case let .image(n, delay):
                let seconds = PracticeText.seconds(delay)
                return Text(
                    en: "setImageWhenScrollingStops(after: \(seconds.en)) { image \(n) }", zh: "`setImageWhenScrollingStops(after: \(seconds.zh))` { 图片 \(n) }")
            case let .cancelImage(n): return Text(en: "invalidate image \(n)'s timer", zh: "让图片 \(n) 的定时器失效")
            case let .run(seconds):
                return Text(en: "the driver runs \(PracticeText.seconds(seconds).en)", zh: "驱动运行 \(PracticeText.seconds(seconds).zh)")
            }
        }

        var description: String { text.en }

        var simpler: [IdleStep] {
            switch self {
            case let .tasks(count, requeue):
                (requeue ? [.tasks(count, requeue: false)] : []) + (count > 1 ? [.tasks(1, requeue: requeue)] : [])
            case let .image(n, delay): delay != 0 ? [.image(n, delay: 0)] : []
            case let .run(seconds): seconds > 0.5 ? [.run(0.5)] : []
            default: []
            }
        }
    }

    static func practiceScenario(_ random: inout SeededGenerator) -> [IdleStep] {
        var images = 0
        var steps: [IdleStep] = random.chance(0.8) ? [.drain] : []
        for _ in 0..<random.int(3...10) {
            switch random.int(0...11) {
            case 0...2: steps.append(.tasks(random.int(1...4), requeue: random.chance(0.2)))
            case 3: steps.append(.drain)
            case 4: steps.append(.stopDrain)
            case 5: steps.append(.fingerDown)
            case 6: steps.append(.fingerUp)
            case 7:
                images += 1
                steps.append(.image(images, delay: random.pick([0, 0, 0.25, 0.5, 1])))
            case 8: steps.append(.cancelImage(random.int(1...max(images, 1))))
            default: steps.append(.run(random.pick([0, 0.15, 0.3, 0.5, 1])))
            }
        }
        return steps + [.run(1)]
    }

    /// The lesson's two calls, as closures: the student's or the reference's.
    struct IdleCalls: Sendable {
        let drain: @Sendable (IdleTaskQueue, Loop) throws -> Loop.Observer
        let image: @Sendable (Loop, Double, @escaping @Sendable () -> Void) throws -> Loop.Timer

        static let student = IdleCalls(
            drain: { try drainOneTaskPerPass($0, on: $1) }, image: { try setImageWhenScrollingStops(on: $0, after: $1, $2) })

        /// The technique as Texture's `ASRunLoopQueue` and the classic interview answer write it,
        /// in the engine's words: a repeating beforeWaiting observer in the default mode that runs
        /// one task and wakes the loop while tasks remain (`CFRunLoopWakeUp`); the image is
        /// `perform(afterDelay:inModes: [.default])`.
        static let reference = IdleCalls(
            drain: { queue, loop in
                let observer = Loop.Observer(name: "reference drain", activities: .beforeWaiting) { _ in
                    guard let task = queue.next() else { return }
                    task()
                    if !queue.isEmpty { loop.wakeUp() }
                }
                try loop.add(observer, forMode: .default)
                return observer
            },
            image: { loop, delay, work in try loop.perform(afterDelay: delay, inModes: [.default], name: "reference image", work) })
    }

    /// Runs `steps` with `calls` on a fresh UI loop; returns its passes.
    static func practiceTrace(_ steps: [IdleStep], _ calls: IdleCalls) throws -> [String] {
        let clock = VirtualClock()
        let loop = Loop(clock: clock, name: "main loop")
        loop.passLimit = 10_000
        loop.addCommonMode(.tracking)
        try loop.add(Loop.Port(name: "events"), forMode: .common)
        let modes = RunModeStack(loop: loop)
        modes.push(.default)
        let trace = loop.startTracing()
        let queue = IdleTaskQueue()
        let made = Lock(0)
        var drains: [Loop.Observer] = []
        var images: [Int: Loop.Timer] = [:]
        @Sendable func task(requeue: Bool) -> @Sendable () -> Void {
            let n = made.withLock { made -> Int in
                made += 1
                return made
            }
            return {
                Loop.current.note("decode image \(n)")
                clock.advance(by: 0.1)
                if requeue { queue.add(task(requeue: false)) }
            }
        }
        for step in steps {
            switch step {
            case let .tasks(count, requeue): for _ in 0..<count { queue.add(task(requeue: requeue)) }
            case .drain:
                do { drains.append(try calls.drain(queue, loop)) } catch { loop.note("drain threw \(error)") }
            case .stopDrain: drains.popLast()?.invalidate()
            case .fingerDown: modes.push(.tracking)
            case .fingerUp: modes.pop()
            case let .image(n, delay):
                do { images[n] = try calls.image(loop, delay) { Loop.current.note("image \(n) set") } } catch { loop.note("image \(n) threw \(error)") }
            case let .cancelImage(n): images[n]?.invalidate()
            case let .run(seconds): try modes.run(until: loop.now + seconds)
            }
        }
        for observer in drains { observer.invalidate() }
        for timer in images.values { timer.invalidate() }
        return trace.lines([.activities, .wakeUps, .notes]).filter { $0.contains("before waiting") || $0.contains("woke") || $0.contains("·") }
    }

    static let practice = Practice<IdleStep>(
        lesson: 24, count: 100,
        hint: Text(
            en:
                "Your drain or your delayed image differs from the reference on this sequence of calls: a repeating `.beforeWaiting` observer in `.default` only, one task per callout, `loop.wakeUp()` after a task while tasks remain (and not when none is left); the image is `loop.perform(afterDelay: delay, inModes: [.default], …)`; each returns what it added.",
            zh:
                "在这串调用上，你的消化任务或延迟设置的图片和参考实现不一样：一个只加在 `.default` 里、重复的 `.beforeWaiting` 观察者，每次回调一个任务，执行完还有剩下的任务就 `loop.wakeUp()`（一个不剩时不唤醒）；图片是 `loop.perform(afterDelay: delay, inModes: [.default], …)`；每个都返回它加进去的东西。"
        )
    ) { random in
        practiceScenario(&random)
    } run: { steps, side in
        try practiceTrace(steps, side == .student ? .student : .reference)
    }

    @Test(
        "Generated call sequences: your drain and your delayed image run what the reference runs, in the same passes and modes",
        .zh("自动生成的调用序列：你的消化任务和延迟设置的图片，和参考实现在同样的轮次、同样的 Mode 里执行同样的东西"))
    func generatedCalls() async throws {
        try await Self.practice.check()
    }
}
