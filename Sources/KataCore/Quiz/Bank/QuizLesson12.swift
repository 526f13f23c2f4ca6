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
            number: 39, lesson: 12,
            title: .init(en: "an autoreleased object, and your beforeWaiting observer", zh: "交给自动释放池的对象，和你的 beforeWaiting 观察者"),
            form: .choice([.init(en: "still alive", zh: "还活着", value: "alive"), .init(en: "already freed", zh: "已经释放了", value: "freed")]),
            setting: .appMain,
            wording: .init(
                question: .init(en: "On the main thread, a timer callout at 1 s autoreleases an object. Your observer (order 0) looks at it at the next beforeWaiting. Is it still alive?",
                                zh: "在主线程上，一个定时器在 1 秒的回调里对一个对象调用了 `autorelease`。你的观察者（order 0）在下一次 beforeWaiting 时查看它。它还活着吗？"),
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
                comments: [.init(en: "held only by the pool", zh: "只有自动释放池持有它")],
                why: .init(en: "UIKit pops the pool in a beforeWaiting observer at the highest order (2147483647), after every other observer: yours still sees the object; it is freed right after.",
                           zh: "UIKit 在一个 order 最大（2147483647）的 beforeWaiting 观察者里 pop 自动释放池，排在所有其他观察者之后：你的观察者还能看到这个对象；紧接着它才被释放。"))
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
            number: 40, lesson: 12,
            title: .init(en: "garbage while the loop never sleeps", zh: "RunLoop 一直不休眠时的垃圾对象"),
            form: .times,
            setting: .appMain,
            wording: .init(
                question: .init(en: "On the main thread, a timer at 1 s autoreleases an object and starts work that keeps a source0 busy, 0.5 s a pass, until 3 s. When is the object freed?",
                                zh: "在主线程上，一个 1 秒的定时器对一个对象调用 `autorelease`，并启动一项工作，让一个 Source0 一直忙到 3 秒，每轮 0.5 秒。这个对象什么时候被释放？"),
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
                comments: [.init(en: "busySource: a source0 whose perform takes 0.5 s and signals itself again until 3 s", zh: "busySource：一个 Source0，它的 perform 要执行 0.5 秒，并重新标记自己，直到 3 秒"),
                           .init(en: "one run that goes on after each source", zh: "只运行一次：处理完事件源也不返回，继续运行")],
                why: .init(en: "The pool is popped only on beforeWaiting (and exit). A source0 that ran makes the pass poll instead of sleeping, so while the busy source keeps going there is no beforeWaiting and the garbage stays — until the loop finally sleeps at 3 s.",
                           zh: "自动释放池只在 beforeWaiting（和 `exit`）时 pop。执行过的 Source0 让这一轮只轮询、不休眠，所以只要那个忙碌的事件源还在继续，就没有 beforeWaiting，垃圾对象就一直留着——直到 3 秒时 RunLoop 终于休眠。"))
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
