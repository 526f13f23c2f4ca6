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
            title: .init(en: "an autoreleased object, and your beforeWaiting observer", zh: "交给自动释放池的对象，和你的 BeforeWaiting 观察者"),
            form: .choice([.init(en: "still alive", zh: "还活着", value: "alive"), .init(en: "already freed", zh: "已经释放了", value: "freed")]),
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "On the main thread of an iOS app (in a button's action, say), a timer callout at 1 s autoreleases an object. Your observer (`order` 0) looks at it at the next beforeWaiting. Is it still alive?",
                    zh: "在 iOS App 的主线程上（比如在按钮的点击回调里），一个定时器在 1 秒的回调里对一个对象调用了 `autorelease`。你的观察者（`order` 0）在下一次 BeforeWaiting 时查看它。它还活着吗？"),
                ios: """
                    final class Tracked { deinit { print("deinit") } }
                    final class Box: @unchecked Sendable { weak var object: Tracked? }   // shared with the callouts, main thread only
                    let box = Box()
                    let timer = Timer(timeInterval: 0, repeats: false) { _ in
                        let made = Tracked()
                        box.object = made
                        _ = Unmanaged.passRetained(made).autorelease()   // held only by the autorelease pool
                    }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.main.add(timer, forMode: .default)
                    let observer = CFRunLoopObserverCreateWithHandler(nil, CFRunLoopActivity.beforeWaiting.rawValue, true, 0) { _, _ in
                        print(box.object == nil ? "freed" : "alive")
                    }
                    CFRunLoopAddObserver(CFRunLoopGetMain(), observer, .commonModes)
                    RunLoop.main.run(until: Date(timeIntervalSinceNow: 2))
                    """,
                comments: [
                    .init(en: "shared with the callouts, main thread only", zh: "和回调共用，只在主线程上使用"),
                    .init(en: "held only by the autorelease pool", zh: "只有自动释放池持有它"),
                ],
                why: .init(
                    en:
                        "The current answer: CF wraps every timer callout in an autorelease pool of its own (`CFRunLoop.c`: `CFRUNLOOP_ARP_BEGIN(NULL)` in `__CFRunLoopDoTimer`, `NULL` meaning always) and pops it when the callout returns: the object is freed at 1 s, before any observer looks. The classic answer (ibireme, 2015) is UIKit's pool, popped at `before waiting` by its observer at `order` 2147483647, after yours at `order` 0: \"alive\". That pool is still there, but it only catches what no per-callout pool took.",
                    zh:
                        "现在的答案：Core Foundation 给每个定时器回调都套了一个它自己的自动释放池（`CFRunLoop.c`：`__CFRunLoopDoTimer` 里的 `CFRUNLOOP_ARP_BEGIN(NULL)`，`NULL` 表示无条件），回调一返回就 pop：这个对象在 1 秒时就释放了，任何观察者都还没来得及看。经典的答案（2015 年流传最广的《深入理解RunLoop》）是 UIKit 的池：由它 `order` 为 2147483647 的观察者在 `before waiting` 时 pop，排在你 `order` 为 0 的观察者之后：“还活着”。这个池现在还在，但只接住那些没有被回调自己的池收走的对象。"
                ))
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
            title: .init(en: "garbage while the loop never sleeps", zh: "RunLoop 一直不休眠时的临时对象"),
            form: .times,
            setting: .appMain,
            wording: .init(
                question: .init(
                    en:
                        "On the main thread of an iOS app (in a button's action, say), a timer at 1 s autoreleases an object and signals `busySource`, a source0 that works 0.5 s a pass and signals itself again until 3 s, so the loop does not sleep before 3 s. When is the object freed?",
                    zh:
                        "在 iOS App 的主线程上（比如在按钮的点击回调里），一个 1 秒的定时器对一个对象调用 `autorelease`，并标记 `busySource`：一个 Source0，每轮执行 0.5 秒，并重新标记自己，直到 3 秒，所以 RunLoop 在 3 秒之前不会休眠。这个对象什么时候被释放？"
                ),
                ios: """
                    final class Tracked { deinit { print("deinit") } }
                    // busySource (a placeholder): a source0 whose perform takes 0.5 s and signals itself again until 3 s
                    nonisolated(unsafe) let busy = busySource   // used on the main thread only: the timer fires there
                    let timer = Timer(timeInterval: 0, repeats: false) { _ in
                        _ = Unmanaged.passRetained(Tracked()).autorelease()
                        CFRunLoopSourceSignal(busy)
                    }
                    timer.fireDate = Date(timeIntervalSinceNow: 1)
                    RunLoop.main.add(timer, forMode: .default)
                    CFRunLoopRunInMode(.defaultMode, 4, false)   // one run that goes on after each source
                    """,
                placeholders: ["busySource: CFRunLoopSource"],
                comments: [
                    .init(
                        en: "busySource (a placeholder): a source0 whose perform takes 0.5 s and signals itself again until 3 s",
                        zh: "`busySource`（示意，实现从略）：一个 Source0，它的 perform 要执行 0.5 秒，并重新标记自己，直到 3 秒"),
                    .init(en: "used on the main thread only: the timer fires there", zh: "只在主线程上使用：定时器就在那里触发"),
                    .init(en: "one run that goes on after each source", zh: "只运行一次：处理完事件源也不返回，继续运行"),
                ],
                why: .init(
                    en:
                        "The object was autoreleased in a timer's callout, and CF pops a timer callout's own pool as soon as it returns (`CFRUNLOOP_ARP_BEGIN(NULL)` in `__CFRunLoopDoTimer`): it is freed at 1 s, busy source or not. Had the busy source's perform autoreleased it instead, on a loop with UIKit's observers (per-callout pools off for sources) it would wait for the pop before the first sleep, at 3 s.",
                    zh:
                        "这个对象是在定时器回调里 `autorelease` 的，而 Core Foundation 在定时器回调返回时立即 pop 它自己的池（`__CFRunLoopDoTimer` 里的 `CFRUNLOOP_ARP_BEGIN(NULL)`）：它在 1 秒时就释放了，不管那个事件源忙不忙。如果是忙碌事件源的 perform 对它调用 `autorelease`，在装了 UIKit 观察者的 RunLoop 上（事件源回调没有自己的池），它就要等到第一次休眠前的 pop，也就是 3 秒。"
                )),
            followUp: .init(
                question: .init(
                    en: "When would you write an `autoreleasepool { }` block yourself, on a loop that has UIKit's pool observers?",
                    zh: "在有 UIKit 自动释放池观察者的 RunLoop 上，你什么时候还要自己写 `autoreleasepool { }`？"),
                model: .init(
                    en:
                        "When one callout makes many temporary objects, a loop over thousands of images, say: the loop's pools are popped only around callouts or before a sleep, so inside one long callout the objects pile up. An `autoreleasepool { }` inside the loop body frees each pass's objects as it goes.",
                    zh:
                        "当一个回调里会产生大量临时对象时，比如循环处理几千张图片：RunLoop 的自动释放池只在回调前后或休眠之前才 pop，一个很长的回调里临时对象会越积越多。在循环体里写 `autoreleasepool { }`，每一轮的临时对象就能及时释放。"))
        ) { stage in
            // ▼ quiz 40
            let again = Lock<Loop.Source?>(nil)
            let busySource = Loop.Source(name: "busy") {
                stage.clock.advance(by: 0.5)
                if Loop.current.now < Instant(seconds: 3) { again.withLock { $0 }?.signal() }
            }
            again.withLock { $0 = busySource }
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
