import RunLoopEngine

extension QuizBank {
    static let lesson05: [QuizQuestion] = [
        QuizQuestion(
            number: 14, lesson: 5, title: "a source0 signalled without a wake-up",
            form: .times,
            text: .init(
                question: "Just before the loop first goes to sleep, a source0 is signalled — but nobody wakes the loop. A 1 s timer repeats. When does the source's work run (in a 3.5 s run)?",
                ios: """
                    var context = CFRunLoopSourceContext()
                    context.perform = { _ in print("work") }
                    let work = CFRunLoopSourceCreate(nil, 0, &context)!
                    CFRunLoopAddSource(CFRunLoopGetCurrent(), work, .defaultMode)
                    let timer = Timer(timeInterval: 1, repeats: true) { _ in }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.current.add(timer, forMode: .default)
                    let observer = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.beforeWaiting.rawValue, false, 0) { _, _ in
                        CFRunLoopSourceSignal(work)          // no CFRunLoopWakeUp
                    }
                    CFRunLoopAddObserver(CFRunLoopGetCurrent(), observer, .defaultMode)
                    CFRunLoopRunInMode(.defaultMode, 3.5, false)
                    """,
                why: "Signalling a source0 only marks it pending; it does not wake the loop. The loop sleeps until the timer wakes it at 1 s, and the next pass runs the source.")
        ) { stage in
            // ▼ quiz 14
            let loop = Loop.current

            let work = Loop.Source(name: "work") {}

            try loop.add(work, forMode: .default)
            let timer = try Loop.Timer(name: "tick", fireDate: loop.now + 1, interval: 1) { _ in }

            try loop.add(timer, forMode: .default)
            let observer = Loop.Observer(name: "signaller", activities: .beforeWaiting, repeats: false) { _ in
                work.signal()
            }
            try loop.add(observer, forMode: .default)
            try loop.run(mode: .default, timeout: 3.5)
            return stage.times(of: "work")
            // ▲ quiz 14
        },
        QuizQuestion(
            number: 15, lesson: 5, title: "a source0 signalled, then the loop woken",
            form: .times,
            text: .init(
                question: "The same, but the observer also calls CFRunLoopWakeUp after signalling. When does the work run?",
                ios: """
                    var context = CFRunLoopSourceContext()
                    context.perform = { _ in print("work") }
                    let work = CFRunLoopSourceCreate(nil, 0, &context)!
                    CFRunLoopAddSource(CFRunLoopGetCurrent(), work, .defaultMode)
                    let timer = Timer(timeInterval: 1, repeats: true) { _ in }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.current.add(timer, forMode: .default)
                    let observer = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.beforeWaiting.rawValue, false, 0) { _, _ in
                        CFRunLoopSourceSignal(work)
                        CFRunLoopWakeUp(CFRunLoopGetCurrent())
                    }
                    CFRunLoopAddObserver(CFRunLoopGetCurrent(), observer, .defaultMode)
                    CFRunLoopRunInMode(.defaultMode, 3.5, false)
                    """,
                why: "Signal, then wake up: the sleep ends at once, and the next pass runs the source at 0 ms — the pattern every cross-thread source uses.")
        ) { stage in
            // ▼ quiz 15
            let loop = Loop.current

            let work = Loop.Source(name: "work") {}

            try loop.add(work, forMode: .default)
            let timer = try Loop.Timer(name: "tick", fireDate: loop.now + 1, interval: 1) { _ in }

            try loop.add(timer, forMode: .default)
            let observer = Loop.Observer(name: "signaller", activities: .beforeWaiting, repeats: false) { _ in
                work.signal()
                Loop.current.wakeUp()
            }
            try loop.add(observer, forMode: .default)
            try loop.run(mode: .default, timeout: 3.5)
            return stage.times(of: "work")
            // ▲ quiz 15
        },
        QuizQuestion(
            number: 16, lesson: 5, title: "two signalled sources: which runs first",
            form: .order(words: ["A", "B"]),
            text: .init(
                question: "Source A (order 2) is signalled first, then source B (order 1). In which order do they run?",
                ios: """
                    var a = CFRunLoopSourceContext(); a.perform = { _ in print("A") }
                    var b = CFRunLoopSourceContext(); b.perform = { _ in print("B") }
                    let sourceA = CFRunLoopSourceCreate(nil, 2, &a)!
                    let sourceB = CFRunLoopSourceCreate(nil, 1, &b)!
                    CFRunLoopAddSource(CFRunLoopGetCurrent(), sourceA, .defaultMode)
                    CFRunLoopAddSource(CFRunLoopGetCurrent(), sourceB, .defaultMode)
                    CFRunLoopSourceSignal(sourceA)
                    CFRunLoopSourceSignal(sourceB)
                    CFRunLoopRunInMode(.defaultMode, 1, false)
                    """,
                why: "Signalled source0s run by their order, lowest first; only equal orders fall back to the order of signalling.")
        ) { stage in
            // ▼ quiz 16
            let sourceA = Loop.Source(name: "A", order: 2) { stage.print("A") }
            let sourceB = Loop.Source(name: "B", order: 1) { stage.print("B") }


            try Loop.current.add(sourceA, forMode: .default)
            try Loop.current.add(sourceB, forMode: .default)
            sourceA.signal()
            sourceB.signal()
            try Loop.current.run(mode: .default, timeout: 1)
            return stage.prints()
            // ▲ quiz 16
        },
    ]
}
