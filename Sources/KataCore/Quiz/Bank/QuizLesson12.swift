import RunLoopEngine

/// An object that says when it is freed (the scenario's `deinit { print("freed") }`).
final class Tracked: Sendable {
    let stage: QuizStage
    init(_ stage: QuizStage) { self.stage = stage }
    deinit { stage.print("deinit") }
}

/// A weak reference the scenario can share with its callouts.
final class WeakBox: @unchecked Sendable {
    // @unchecked: used on the scenario thread only.
    weak var value: Tracked? { didSet { wasSet = true } }
    private(set) var wasSet = false
}

extension QuizBank {
    static let lesson12: [QuizQuestion] = [
        QuizQuestion(
            number: 39, lesson: 12, title: "an autoreleased object, and your beforeWaiting observer",
            form: .choice([.init("still alive", value: "alive"), .init("already freed", value: "freed")]),
            setting: .appMain,
            text: .init(
                question: "On the main thread, a timer callout at 1 s autoreleases an object. Your observer (order 0) looks at it at the next beforeWaiting. Is it still alive?",
                ios: """
                    weak var object: Tracked?                        // class Tracked { deinit { print("deinit") } }
                    let timer = Timer(timeInterval: 0, repeats: false) { _ in
                        object = Tracked().autoreleased()            // held only by the pool
                    }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.main.add(timer, forMode: .default)
                    let observer = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.beforeWaiting.rawValue, true, 0) { _, _ in
                        print(object == nil ? "freed" : "alive")
                    }
                    CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .commonModes)
                    RunLoop.main.run(until: Date(timeIntervalSinceNow: 2))
                    """,
                why: "UIKit pops the pool in a beforeWaiting observer at the highest order (2147483647), after every other observer: yours still sees the object; it is freed right after.")
        ) { stage in
            // ▼ quiz 39
            let object = WeakBox()
            let timer = try Loop.Timer(name: "make", fireDate: Loop.current.now + 1) { _ in
                let made = Tracked(stage); object.value = made; AutoreleasePoolStack.current.autorelease(made)
            }

            try Loop.current.add(timer, forMode: .default)
            let observer = Loop.Observer(name: "yours", activities: .beforeWaiting, order: 0) { _ in
                if object.wasSet { stage.print(object.value == nil ? "freed" : "alive") }
            }
            try Loop.current.add(observer, forMode: .common)
            try Loop.current.run(until: Loop.current.now + 2)
            return Array(stage.prints().filter { $0 != "deinit" }.prefix(1))
            // ▲ quiz 39
        },
        QuizQuestion(
            number: 40, lesson: 12, title: "garbage while the loop never sleeps",
            form: .times,
            setting: .appMain,
            text: .init(
                question: "On the main thread, a timer at 1 s autoreleases an object and starts work that keeps a source0 busy, 0.5 s a pass, until 3 s. When is the object freed?",
                ios: """
                    // class Tracked { deinit { print("deinit") } }
                    // busySource: a source0 whose perform takes 0.5 s and signals itself again until 3 s
                    let timer = Timer(timeInterval: 0, repeats: false) { _ in
                        _ = Tracked().autoreleased()
                        CFRunLoopSourceSignal(busySource)
                    }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.main.add(timer, forMode: .default)
                    CFRunLoopRunInMode(.defaultMode, 4, false)   // one run that goes on after each source
                    """,
                why: "The pool is popped only on beforeWaiting (and exit). A source0 that ran makes the pass poll instead of sleeping, so while the busy source keeps going there is no beforeWaiting and the garbage stays — until the loop finally sleeps at 3 s.")
        ) { stage in
            // ▼ quiz 40
            let again = Holder<Loop.Source?>(nil)
            let busySource = Loop.Source(name: "busy") {
                stage.clock.advance(by: 0.5)
                if Loop.current.now < Instant(seconds: 3) { again.get?.signal() }
            }
            again.set(busySource)
            try Loop.current.add(busySource, forMode: .default)
            let timer = try Loop.Timer(name: "make", fireDate: Loop.current.now + 1) { _ in
                AutoreleasePoolStack.current.autorelease(Tracked(stage))
                busySource.signal()
            }
            try Loop.current.add(timer, forMode: .default)
            try Loop.current.run(mode: .default, timeout: 4, returnAfterSourceHandled: false)
            return stage.times(ofPrint: "deinit")
            // ▲ quiz 40
        },
    ]
}
