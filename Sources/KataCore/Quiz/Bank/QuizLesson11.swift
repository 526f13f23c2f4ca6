import RunLoopEngine

extension QuizBank {
    static let lesson11: [QuizQuestion] = [
        QuizQuestion(
            number: 35, lesson: 11, title: "the activities of a run with one timer",
            form: .order(words: QuizStage.activityWords + ["once"]),
            text: .init(
                question: "An observer prints every activity; the default mode holds one one-shot timer due in 1 s (it prints \"once\"). What is printed during a 5 s CFRunLoopRunInMode?",
                ios: """
                    let observer = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.allActivities.rawValue, true, 0) { _, activity in
                        print(activity)
                    }
                    CFRunLoopAddObserver(CFRunLoopGetCurrent(), observer, .defaultMode)
                    let timer = Timer(timeInterval: 1, repeats: false) { _ in print("once") }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.current.add(timer, forMode: .default)
                    CFRunLoopRunInMode(.defaultMode, 5, false)
                    """,
                why: "Entry, then a pass: before timers, before sources, nothing to do so before waiting; the timer wakes it (after waiting) and fires. The mode is then empty, so the run ends — exit — without another pass.")
        ) { stage in
            // ▼ quiz 35
            let observer = Loop.Observer(name: "printer", activities: .all) { _ in }


            try Loop.current.add(observer, forMode: .default)
            let timer = try Loop.Timer(name: "once", fireDate: Loop.current.now + 1) { _ in stage.print("once") }

            try Loop.current.add(timer, forMode: .default)
            try Loop.current.run(mode: .default, timeout: 5, returnAfterSourceHandled: false)
            return stage.activitiesAndNotes()
            // ▲ quiz 35
        },
        QuizQuestion(
            number: 36, lesson: 11, title: "the activities after a touch",
            form: .order(words: QuizStage.activityWords + ["touch", "event"]),
            text: .init(
                question: "A touch arrives on a port (its handler prints \"touch\" and signals the event source0, which prints \"event\"). From the wake-up, what is printed until the loop is about to sleep again?",
                ios: """
                    var context = CFRunLoopSourceContext()
                    context.perform = { _ in print("event") }
                    let event = CFRunLoopSourceCreate(nil, 0, &context)!        // UIKit's event source (a source0)
                    let touches = NSMachPort()                                   // the touch port (a source1)
                    // touches' delegate, handleMachMessage: print("touch"); CFRunLoopSourceSignal(event)
                    CFRunLoopAddSource(CFRunLoopGetCurrent(), event, .defaultMode)
                    RunLoop.current.add(touches, forMode: .default)
                    // an observer prints every activity; a touch arrives on the port
                    CFRunLoopRunInMode(.defaultMode, 1, false)
                    // which lines, from afterWaiting to the next beforeWaiting?
                    """,
                why: "The port wakes the loop (after waiting) and its handler runs. The signalled source0 runs in the next pass (before timers, before sources, event); because a source ran, that pass polls instead of sleeping, so the pass after it comes straight away and only then, with nothing left, says before waiting.")
        ) { stage in
            // ▼ quiz 36


            let event = Loop.Source(name: "event") { stage.print("event") }
            let touches = Loop.Port(name: "touches") { _ in stage.print("touch"); event.signal() }

            try Loop.current.add(event, forMode: .default)
            try Loop.current.add(touches, forMode: .default)
            try touches.send("touch")
            try Loop.current.run(mode: .default, timeout: 1)
            let printed = stage.activitiesAndNotes()
            let woke = printed.firstIndex(of: "afterWaiting") ?? 0
            let sleeps = printed[woke...].firstIndex(of: "beforeWaiting") ?? printed.count - 1
            return Array(printed[woke...sleeps])
            // ▲ quiz 36
        },
        QuizQuestion(
            number: 37, lesson: 11, title: "two observers of one activity",
            form: .order(words: ["A", "B"]),
            text: .init(
                question: "Observer A has order 10, observer B order -10; both watch beforeWaiting, and A was added first. In which order do they print?",
                ios: """
                    let a = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.beforeWaiting.rawValue, false, 10) { _, _ in print("A") }
                    let b = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.beforeWaiting.rawValue, false, -10) { _, _ in print("B") }
                    CFRunLoopAddObserver(CFRunLoopGetCurrent(), a, .defaultMode)
                    CFRunLoopAddObserver(CFRunLoopGetCurrent(), b, .defaultMode)
                    RunLoop.current.add(NSMachPort(), forMode: .default)
                    CFRunLoopRunInMode(.defaultMode, 1, false)
                    """,
                why: "Observers are called in ascending order, whatever the order they were added in: B (−10) before A (10). UIKit relies on this for its pool observers at the two extremes.")
        ) { stage in
            // ▼ quiz 37
            let a = Loop.Observer(name: "A", activities: .beforeWaiting, repeats: false, order: 10) { _ in stage.print("A") }
            let b = Loop.Observer(name: "B", activities: .beforeWaiting, repeats: false, order: -10) { _ in stage.print("B") }
            try Loop.current.add(a, forMode: .default)
            try Loop.current.add(b, forMode: .default)
            try Loop.current.add(Loop.Port(name: "keep-alive"), forMode: .default)
            try Loop.current.run(mode: .default, timeout: 1)
            return stage.prints()
            // ▲ quiz 37
        },
        QuizQuestion(
            number: 38, lesson: 11, title: "the activities of a run with no time",
            form: .order(words: QuizStage.activityWords),
            text: .init(
                question: "An observer prints every activity; the mode holds a port and nothing is pending. What is printed by CFRunLoopRunInMode(.defaultMode, 0, false)?",
                ios: """
                    let observer = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.allActivities.rawValue, true, 0) { _, activity in
                        print(activity)
                    }
                    CFRunLoopAddObserver(CFRunLoopGetCurrent(), observer, .defaultMode)
                    RunLoop.current.add(NSMachPort(), forMode: .default)
                    CFRunLoopRunInMode(.defaultMode, 0, false)
                    """,
                why: "A run with no time polls: it looks for work without sleeping, so there is no before waiting and no after waiting — entry, one pass, exit (timed out).")
        ) { stage in
            // ▼ quiz 38
            let observer = Loop.Observer(name: "printer", activities: .all) { _ in }


            try Loop.current.add(observer, forMode: .default)
            try Loop.current.add(Loop.Port(name: "keep-alive"), forMode: .default)
            try Loop.current.run(mode: .default, timeout: 0, returnAfterSourceHandled: false)
            return stage.activities()
            // ▲ quiz 38
        },
    ]
}
