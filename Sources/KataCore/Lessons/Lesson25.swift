import RunLoopEngine

extension Lesson {
    /// Lesson 25. Its page: `Lessons/25-uiapplicationmain-in-miniature.md`.
    public static let lesson25 = Lesson(
        number: 25,
        slug: "uiapplicationmain-in-miniature",
        title: "UIApplicationMain in miniature",
        titleZh: "迷你 `UIApplicationMain`",
        kind: .build,
        level: .three,
        behaviour:
            "An app's main loop is assembled before it first runs: the two autorelease-pool observers at the extreme orders, Core Animation's commit between them, the event source0 and its port, the display link and the main queue, all in the common modes; then a driver runs the mode on top of a mode stack, again each time a run ends, and a scroll pushes and pops the tracking mode instead of running it nested.",
        behaviourZh:
            "App 的主线程 RunLoop 在第一次运行之前就组装好了：两个自动释放池观察者排在 `order` 的两端，Core Animation 的提交在它们中间，还有事件 Source0 和它的端口、display link 和主队列，全都在 common modes 里；然后驱动循环运行 Mode 栈栈顶的那个 Mode，每次运行结束就再运行一次；滑动时压入、弹出 tracking Mode，而不是嵌套运行它。",
        exerciseFile: "Exercises/25-uiapplicationmain-in-miniature/AppMainLoop.swift",
        task: "`StudentApplicationMain` (an `ApplicationMain`): `launch(_:)`, `trackingChanged(_:in:)`, `runMainLoop(_:until:)`",
        taskZh: "`StudentApplicationMain`（一个 `ApplicationMain`）：`launch(_:)`、`trackingChanged(_:in:)`、`runMainLoop(_:until:)`",
        hints: [
            "`launch`: three observers, each added with `try? loop.add(observer, forMode: .common)`: `.entry` at `order` `Int(Int32.min) + 1` calling `app.pushPool()`; `[.beforeWaiting, .exit]` at `order` 2_000_000 calling `app.commit()`; `[.beforeWaiting, .exit]` at `order` `Int(Int32.max)` calling `app.popPool()`, then, if the activity is `.beforeWaiting`, `app.pushPool()`.",
            "Still in `launch`: `let source = Loop.Source(name: \"__handleEventQueue\") { app.handleEventQueue() }`, `app.eventSource = source`, then `.common` for the source, for `app.eventPort` and for `app.displayLink` (`try? app.displayLink.add(to: loop, forMode: .common)`); last `app.modes.push(.default)`.",
            "`trackingChanged`: `if tracking { app.modes.push(.tracking) } else { app.modes.pop() }` and nothing else: the push stops the run. `runMainLoop`: `while loop.now < deadline, let mode = app.modes.top { try loop.run(mode: mode, timeout: deadline - loop.now) }`.",
        ],
        hintsZh: [
            "`launch`：三个观察者，每个都用 `try? loop.add(observer, forMode: .common)` 加进去：`.entry`，`order` `Int(Int32.min) + 1`，调用 `app.pushPool()`；`[.beforeWaiting, .exit]`，`order` 2_000_000，调用 `app.commit()`；`[.beforeWaiting, .exit]`，`order` `Int(Int32.max)`，调用 `app.popPool()`，如果状态是 `.beforeWaiting`，再调用 `app.pushPool()`。",
            "还是在 `launch` 里：`let source = Loop.Source(name: \"__handleEventQueue\") { app.handleEventQueue() }`，`app.eventSource = source`，然后把这个 Source、`app.eventPort` 和 `app.displayLink` 都加到 `.common`（`try? app.displayLink.add(to: loop, forMode: .common)`）；最后 `app.modes.push(.default)`。",
            "`trackingChanged`：`if tracking { app.modes.push(.tracking) } else { app.modes.pop() }`，别的什么都不做：压栈会让这次运行停下。`runMainLoop`：`while loop.now < deadline, let mode = app.modes.top { try loop.run(mode: mode, timeout: deadline - loop.now) }`。",
        ],
        buildsOn: [12, 15, 18, 19, 24]
    )
}

extension TraceScenario {
    /// An app's main loop as `UIApplicationMain` leaves it (``ReferenceApplicationMain``), on the
    /// main thread of a registry of its own: a tap at 300 ms, a scroll from 600 ms to 1.4 s with an
    /// animation started at 800 ms, the driver run until 2 s. UIKit: `UIApplicationMain` →
    /// `-[UIApplication _run]` → `GSEventRunModal` → `CFRunLoopRunSpecific`.
    static let lesson25 = TraceScenario(
        name: "uiapplicationmain-in-miniature",
        summary: Text(
            en: "an app's main loop as UIApplicationMain leaves it: a tap, then a scroll with an animation in it",
            zh: "`UIApplicationMain` 组装好的 App 主线程 RunLoop：一次点击，然后一次滑动，滑动中有一段动画"),
        lookFor: Text(
            en:
                "before each sleep the commit, then the pool's pop and push, last; the drag's push ends the default-mode run (its exit) and the driver enters tracking, where the frames and the commits go on; the drag's end exits tracking and the driver enters default again",
            zh:
                "每次休眠之前先提交，最后才是自动释放池的弹出和压入；拖动开始时的压栈结束 default Mode 的运行（它的 Exit），驱动循环进入 tracking，帧和提交在那里照常进行；拖动结束时退出 tracking，驱动循环又进入 default"
        )
    ) { language in
        let registry = LoopRegistry(clock: VirtualClock())
        let traced = Lock<LoopTrace?>(nil)
        let main = LoopThread(name: "main", registry: registry, isMain: true) {
            let loop = Loop.current
            let main = ReferenceApplicationMain()
            let app = Application(mainLoop: loop, main: main)
            for (time, event) in [(0.3, "tap"), (0.6, "drag began"), (0.8, "animate"), (1.4, "drag ended")] {
                let system = try? Loop.Timer(name: "system: \(event)", fireDate: .zero + time) { _ in try? app.eventPort.send(event) }
                if let system { try? loop.add(system, forMode: .common) }
            }
            traced.withLock { $0 = loop.startTracing() }
            main.launch(app)
            do { try main.runMainLoop(app, until: .zero + 2) } catch {
                loop.note(Text(en: "the scenario failed: \(error)", zh: "场景运行失败：\(error)"), in: language)
            }
        }
        try main.start()
        main.join(timeout: 5)
        guard let trace = traced.withLock({ $0 }) else { throw LoopError.threadNotStarted(thread: "main") }
        return trace
    }
}

extension CourseLesson {
    /// Lesson 25: its entry, its quiz questions (`Quiz/Bank/QuizLesson25.swift`), its key
    /// scenario and what that scenario's trace shows.
    static let lesson25 = CourseLesson(
        .lesson25, questions: QuizBank.lesson25, scenario: .lesson25,
        story: ScenarioStory(
            inOrder: [
                "default   · CA::Transaction::commit(label)", "default   · objc_autoreleasePoolPop() → depth: 0", "default   · sendEvent(.dragBegan)",
                "default   exit", "default   → stopped", "tracking  entry", "tracking  · frame(3)", "tracking  · sendEvent(.dragEnded)", "tracking  exit",
                "tracking  → stopped", "default   entry",
            ]))
}
