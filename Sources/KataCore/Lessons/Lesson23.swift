import RunLoopEngine

extension Lesson {
    /// Lesson 23. Its page: `Lessons/23-a-hang-and-who-notices.md`.
    public static let lesson23 = Lesson(
        number: 23,
        slug: "a-hang-and-who-notices",
        title: "A hang, and who notices",
        titleZh: "卡死，以及谁会察觉",
        kind: .use,
        level: .three,
        behaviour:
            "`DispatchQueue.main.sync` on the main thread is refused (`libdispatch` crashes); a main thread waiting on a semaphore for a callback the main queue delivers waits out its timeout, seen as a stall, a hang and, past the limit, a watchdog kill.",
        behaviourZh:
            "在主线程上 `DispatchQueue.main.sync` 会被拒绝（`libdispatch` 会让 App 崩溃）；主线程在信号量上等一个由主队列送来的回调，只能等到超时，被看成卡顿、`hang`，超过时限还会被看门狗杀掉。",
        exerciseFile: "Exercises/23-a-hang-and-who-notices/HangFreeApp.swift",
        task: "`loadProfile(session:show:)` and `refreshLabel(queue:update:)` in `HangFreeApp.swift`",
        taskZh: "`HangFreeApp.swift` 里的 `loadProfile(session:show:)` 和 `refreshLabel(queue:update:)`",
        hints: [
            "The completion handler is queued on the main queue, and the main loop serves the main queue only when its thread is free. Whatever waits on the main thread for it waits for ever (or until its timeout): do not wait at all.",
            "`loadProfile`: `session.dataTask(\"profile\") { data in show(data) }` and return. What came after the wait belongs inside the completion handler.",
            "`refreshLabel`: on the main thread, `queue.sync` is the crash of the main queue already owned by the current thread (here: `LoopError.syncOnCurrentQueue`). Catching the error and falling back to `async` does not help: on a device the crash cannot be caught. Write `queue.async(name: \"refresh\", update)`.",
        ],
        hintsZh: [
            "完成回调被排进主队列，而主 RunLoop 只有在它的线程空下来时才处理主队列。在主线程上等它，就会永远等下去（或者等到超时）：根本不要等。",
            "`loadProfile`：`session.dataTask(\"profile\") { data in show(data) }`，然后返回。原来等待之后要做的事，放进完成回调里。",
            "`refreshLabel`：在主线程上 `queue.sync` 就是那个“主队列已被当前线程占有”的崩溃（这里是 `LoopError.syncOnCurrentQueue`）。捕获这个错误、再退回到 `async` 也不行：在设备上这个崩溃是捕获不了的。写成 `queue.async(name: \"refresh\", update)`。",
        ],
        buildsOn: [14, 16]
    )
}

extension TraceScenario {
    /// Three taps on a main loop watched by the system (``SystemWatchdog``) and by a stall monitor
    /// (lesson 16's, its watchdog thread on the virtual clock): the first waits on a semaphore for a
    /// callback the main queue delivers, the second sends work to the main queue with `sync`, the
    /// third loads with a completion handler. libdispatch: `__DISPATCH_WAIT_FOR_QUEUE__`; MetricKit:
    /// `MXHangDiagnostic`.
    static let lesson23 = TraceScenario(
        name: "a-hang-and-who-notices",
        summary: Text(
            en: "a tap waits on a semaphore for a main-queue callback, a tap calls `DispatchQueue.main.sync`, a tap loads with a completion handler",
            zh: "一次点击在信号量上等一个主队列送来的回调，一次点击调用 `DispatchQueue.main.sync`，一次点击用完成回调加载"),
        lookFor: Text(
            en:
                "the semaphore times out after 2 s and only then does \"profile completion\" run; the stall monitor reports 100 ms in, the system a 2000 ms hang; the sync is refused, its crash noted; the third tap's completion runs right after the tap, nothing reported",
            zh:
                "信号量 2 秒后超时，之后 `\"profile completion\"` 才执行；卡顿监控在 100 ms 时报出卡顿，系统报出 2000 ms 的 `hang`；`sync` 被拒绝，记下了它的崩溃；第三次点击的完成回调紧接着执行，什么都没有上报")
    ) { language in
        let clock = VirtualClock()
        let registry = LoopRegistry(clock: clock)
        let session = NetworkSession(mainQueue: registry.mainQueue)
        let main = SleepWatchedThread(
            name: "main", registry: registry, isMain: true, language: language,
            setUp: { loop in
                loop.addCommonMode(.tracking)
                try loop.add(Loop.Port(name: "event port"), forMode: .common)
                let system = SystemWatchdog { Loop.current.note(systemReported($0), in: language) }
                try system.watch(loop)
                let monitor = ScenarioStallMonitor(threshold: 0.1, samples: 5) { Loop.current.note(ScenarioStallMonitor.reported($0), in: language) }
                let watchdog = try VirtualWatchdog(clock: clock, interval: monitor.interval, woke: monitor.watchdogWoke)
                try watchdog.start(on: loop)
                try monitor.install(on: loop, signal: watchdog.signal)
            },
            run: { loop in
                let show: @Sendable (String) -> Void = { Loop.current.note(Text(en: "shows \"\($0)\"", zh: "显示 `\"\($0)\"`"), in: language) }
                try loop.add(
                    try Loop.Timer(name: "tap 1", fireDate: loop.now + 0.1) { _ in
                        Loop.current.note(Text(en: "load, then `semaphore.wait(timeout: 2)`", zh: "加载，然后 `semaphore.wait(timeout: 2)`"), in: language)
                        let semaphore = Semaphore(clock: clock)
                        let profile = Lock<String?>(nil)
                        session.dataTask("profile") { data in
                            Loop.current.note(Text(en: "the completion gets \"\(data)\", too late", zh: "完成回调拿到了 `\"\(data)\"`，太晚了"), in: language)
                            profile.withLock { $0 = data }
                            semaphore.signal()
                        }
                        let signalled = (try? semaphore.wait(timeout: 2)) ?? false
                        Loop.current.note(
                            Text(en: "the wait returned \(code: signalled ? "success" : "timedOut")", zh: "等待返回了 \(code: signalled ? "success" : "timedOut")"),
                            in: language
                        )
                        show(profile.withLock { $0 } ?? "timed out")
                    }, forMode: .common)
                try loop.add(
                    try Loop.Timer(name: "tap 2", fireDate: loop.now + 2.5) { _ in
                        do {
                            try registry.mainQueue.sync(name: "refresh") {}
                        } catch LoopError.syncOnCurrentQueue {
                            Loop.current.note(
                                Text(en: "`DispatchQueue.main.sync` threw `syncOnCurrentQueue`", zh: "`DispatchQueue.main.sync` 抛出了 `syncOnCurrentQueue`"),
                                in: language
                            )
                        } catch {
                            Loop.current.note(Text(en: "`DispatchQueue.main.sync` threw \(error)", zh: "`DispatchQueue.main.sync` 抛出了 \(error)"), in: language)
                        }
                    }, forMode: .common)
                try loop.add(
                    try Loop.Timer(name: "tap 3", fireDate: loop.now + 3) { _ in
                        Loop.current.note(Text(en: "load with a completion handler", zh: "用完成回调加载"), in: language)
                        session.dataTask("profile", completion: show)
                    }, forMode: .common)
                try loop.run(mode: .default, timeout: 3.5)
            })
        let trace = try main.start()
        return main.join(trace)
    }

    /// What the system saw, as a note.
    static func systemReported(_ report: SystemWatchdog.Report) -> Text {
        switch report {
        case let .hang(since, duration):
            let ms = Int((duration * 1000).rounded())
            return Text(en: "system: a hang of \(ms) ms from \(since) (`MXHangDiagnostic`)", zh: "系统：从 \(since) 起一次 \(ms) ms 的 `hang`（`MXHangDiagnostic`）")
        case let .terminated(phase, at):
            return Text(
                en: "system watchdog: 0x8badf00d at \(at), \(phase.rawValue) not finished in time",
                zh: "系统看门狗：\(at) 以 `0x8badf00d` 结束了 App，\(phase.rawValue) 没有按时完成")
        }
    }
}

extension CourseLesson {
    /// Lesson 23: its entry, its quiz questions (`Quiz/Bank/QuizLesson23.swift`), its key
    /// scenario and what that scenario's trace shows.
    static let lesson23 = CourseLesson(
        .lesson23, questions: QuizBank.lesson23, scenario: .lesson23,
        story: ScenarioStory(
            inOrder: [
                "default   timer \"tap 1\"", "the wait returned `timedOut`", "watchdog: stall — busy since 100 ms",
                "default   main queue \"profile completion\"", "system: a hang of 2000 ms from 100 ms",
                "__DISPATCH_WAIT_FOR_QUEUE__() → DISPATCH_CLIENT_CRASH", "`DispatchQueue.main.sync` threw `syncOnCurrentQueue`", "default   timer \"tap 3\"",
                "default   main queue \"profile completion\"",
                "shows \"profile data\"",
            ],
            never: ["0x8badf00d"]))
}
