import RunLoopEngine

/// The run results as choices, named as CFRunLoopRunResult names them.
private let runResults: [QuizQuestion.Choice] = [
    .init(code: "kCFRunLoopRunFinished", value: "finished"),
    .init(code: "kCFRunLoopRunStopped", value: "stopped"),
    .init(code: "kCFRunLoopRunTimedOut", value: "timed out"),
    .init(code: "kCFRunLoopRunHandledSource", value: "handled source"),
]

/// The iOS code that prints a run's result by name, every result alike, so that the code shown
/// singles out no answer; continued lines start with `indent`.
private func printingTheResult(indent: String = "") -> String {
    [
        "switch result {",
        "case .finished: print(\"finished\")",
        "case .stopped: print(\"stopped\")",
        "case .timedOut: print(\"timed out\")",
        "case .handledSource: print(\"handled source\")",
        "default: print(result.rawValue)",
        "}",
    ].joined(separator: "\n" + indent)
}

extension QuizBank {
    static let lesson04: [QuizQuestion] = [
        QuizQuestion(
            number: 10, lesson: 4,
            title: .init(en: "a run whose only timer fires once", zh: "唯一的定时器只触发一次的运行"),
            form: .choice(runResults),
            wording: .init(
                question: .init(
                    en:
                        "On a thread of its own (not the main thread, whose main queue keeps the common modes from being empty), the default mode holds one one-shot timer, due in 1 s. What does a 10 s `CFRunLoopRunInMode` return?",
                    zh: "在一个单独的线程上（不是主线程：主线程的主队列让 common modes 永远不为空），default Mode 里只有一个一次性定时器，1 秒后到期。一次 10 秒的 `CFRunLoopRunInMode` 返回什么？"),
                ios: """
                    let thread = Thread {
                        let timer = Timer(timeInterval: 1, repeats: false) { _ in print("once") }
                        timer.fireDate = Date(timeIntervalSinceNow: 1)
                        RunLoop.current.add(timer, forMode: .default)
                        let result = CFRunLoopRunInMode(.defaultMode, 10, false)
                        \(printingTheResult(indent: "    "))
                    }
                    thread.start()
                    """,
                why: .init(
                    en:
                        "A one-shot timer is invalidated after its callout and leaves the mode. The mode is then empty, so the run ends with finished at 1 s, long before its 10 s.",
                    zh: "一次性定时器回调之后就失效，离开这个 Mode。于是 Mode 空了，运行在 1 秒时以 `kCFRunLoopRunFinished` 结束，远没到 10 秒。")),
            followUp: .init(
                question: .init(
                    en: "Why does a background thread's run end as soon as its last timer has fired, and how do you keep such a thread waiting for work?",
                    zh: "为什么子线程的最后一个定时器触发完，它的运行就结束了？要让这样的线程一直等着任务，该怎么做？"),
                model: .init(
                    en:
                        "A run lasts only while its mode has a source, a timer or a block to wait for; a one-shot timer leaves the mode after firing, and the empty mode ends the run with finished. To keep the thread, give the mode something to wait on, a port (Source1) as AFNetworking 2 did, and run it in the guarded loop so that it can still be stopped.",
                    zh:
                        "一次运行只在它的 Mode 里还有事件源、定时器或 Block 可等时才继续；一次性定时器触发后离开 Mode，空 Mode 让运行以 `finished` 结束。要让线程常驻，就给这个 Mode 一个可等的东西，像 AFNetworking 2 那样加一个端口（Source1），再用带条件的循环来运行，这样它仍然可以停下来。"
                ))
        ) { stage in
            // ▼ quiz 10
            let loop = Loop.current
            let timer = try Loop.Timer(name: "once", fireDate: loop.now + 1) { _ in }

            try loop.add(timer, forMode: .default)
            let result = try loop.run(mode: .default, timeout: 10, returnAfterSourceHandled: false)
            return [result.description]
            // ▲ quiz 10
        },
        QuizQuestion(
            number: 11, lesson: 4,
            title: .init(en: "stop before the run", zh: "运行之前就调用停止"),
            form: .choice(runResults),
            wording: .init(
                question: .init(
                    en: "The code stops the current loop, then runs it for 2 s; the mode holds a port. What does the run return?",
                    zh: "代码先停止当前的 RunLoop，再让它运行 2 秒；Mode 里有一个端口。这次运行返回什么？"),
                ios: """
                    let loop = RunLoop.current
                    loop.add(NSMachPort(), forMode: .default)
                    CFRunLoopStop(CFRunLoopGetCurrent())
                    let result = CFRunLoopRunInMode(.defaultMode, 2, false)
                    """,
                why: .init(
                    en:
                        "`CFRunLoopStop` ends the run in progress; with no run in progress it does nothing, and nothing remembers it. The run then waits out its 2 s: timed out.",
                    zh: "`CFRunLoopStop` 结束的是正在进行的那次运行；没有运行在进行时，它什么也不做，也没有任何地方记住它。于是这次运行等满 2 秒：`kCFRunLoopRunTimedOut`。"))
        ) { stage in
            // ▼ quiz 11
            let loop = Loop.current
            try loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
            loop.stop()
            let result = try loop.run(mode: .default, timeout: 2, returnAfterSourceHandled: false)
            return [result.description]
            // ▲ quiz 11
        },
        QuizQuestion(
            number: 12, lesson: 4,
            title: .init(en: "return after a source, but only timers fire", zh: "处理完事件源就返回，但只有定时器在触发"),
            form: .choice(runResults),
            wording: .init(
                question: .init(
                    en:
                        "On a thread of its own (the main thread's loop has sources of its own), a 1 s repeating timer; `CFRunLoopRunInMode` for 3.5 s with `returnAfterSourceHandled` `true`. What does it return?",
                    zh: "在一个单独的线程上（主线程的 RunLoop 有它自己的事件源），一个 1 秒的重复定时器；`CFRunLoopRunInMode` 运行 3.5 秒，`returnAfterSourceHandled` 为 `true`。它返回什么？"),
                ios: """
                    let timer = Timer(timeInterval: 1, repeats: true) { _ in print("tick") }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.current.add(timer, forMode: .default)
                    let result = CFRunLoopRunInMode(.defaultMode, 3.5, true)
                    \(printingTheResult())
                    """,
                why: .init(
                    en:
                        "A timer firing never counts as a handled source (only a source0, a port or the main queue do). The timer fires at 1, 2 and 3 s and the run times out at 3.5 s.",
                    zh: "定时器触发从来不算“处理了事件源”（只有 Source0、端口或主队列才算）。定时器在 1、2、3 秒触发，运行在 3.5 秒超时。"))
        ) { stage in
            // ▼ quiz 12
            let loop = Loop.current
            let timer = try Loop.Timer(name: "tick", fireDate: loop.now + 1, interval: 1) { _ in }

            try loop.add(timer, forMode: .default)
            let result = try loop.run(mode: .default, timeout: 3.5, returnAfterSourceHandled: true)
            return [result.description]
            // ▲ quiz 12
        },
        QuizQuestion(
            number: 13, lesson: 4,
            title: .init(en: "a timer that stops its loop", zh: "停止自己 RunLoop 的定时器"),
            form: .choice(runResults),
            wording: .init(
                question: .init(
                    en: "A 1 s repeating timer calls `CFRunLoopStop` on its first tick; the run was asked for 5 s. What does it return?",
                    zh: "一个 1 秒的重复定时器在第一次触发时调用 `CFRunLoopStop`；这次运行本来要运行 5 秒。它返回什么？"),
                ios: """
                    let timer = Timer(timeInterval: 1, repeats: true) { _ in
                        CFRunLoopStop(CFRunLoopGetCurrent())
                    }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.current.add(timer, forMode: .default)
                    let result = CFRunLoopRunInMode(.defaultMode, 5, false)
                    \(printingTheResult())
                    """,
                why: .init(
                    en: "A stop during a run ends that run at the end of the pass: stopped, at 1 s. The timer is still valid; the next run would see it again.",
                    zh: "运行期间的停止，会在这一轮循环结束时结束这次运行：1 秒时返回 `kCFRunLoopRunStopped`。定时器仍然有效；下一次运行还会看到它。"))
        ) { stage in
            // ▼ quiz 13
            let loop = Loop.current
            let timer = try Loop.Timer(name: "stopper", fireDate: loop.now + 1, interval: 1) { _ in
                Loop.current.stop()
            }

            try loop.add(timer, forMode: .default)
            let result = try loop.run(mode: .default, timeout: 5, returnAfterSourceHandled: false)
            return [result.description]
            // ▲ quiz 13
        },
    ]
}
