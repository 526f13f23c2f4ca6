extension Lesson {
    /// Lesson 19. Its page: `Lessons/19-touch-journey.md`.
    public static let lesson19 = Lesson(
        number: 19,
        slug: "touch-journey",
        title: "A touch's journey",
        titleZh: "一次触摸的旅程",
        kind: .build,
        level: .three,
        behaviour:
            "A touch reaches the app through a port (a source1), waits in a queue, and is handled one event per pass by the main loop's source0, which sends it through the window: the gesture recognizers see it first and act there, a recognizer that recognizes cancels the view's touch, and the touch that recognized never reaches the view.",
        behaviourZh:
            "触摸经由端口（Source1）到达 App，在队列里等着，由主线程 RunLoop 的 Source0 每轮处理一个事件，通过 `UIWindow` 发出去：手势识别器先看到它，并在那里执行 `action`；识别出手势的识别器取消视图的触摸，识别出手势的那次触摸不会到达视图。",
        exerciseFile: "Exercises/19-touch-journey/TouchDelivery.swift",
        task: "`StudentTouchDelivery` (a `TouchDelivery`): `install(on:app:)`, `receive(_:app:)`, `handleEventQueue(_:)`, `sendEvent(_:app:)`",
        taskZh: "`StudentTouchDelivery`（一个 `TouchDelivery`）：`install(on:app:)`、`receive(_:app:)`、`handleEventQueue(_:)`、`sendEvent(_:app:)`",
        hints: [
            "`install`: a `Loop.Source` whose perform calls `handleEventQueue(app)`, kept in `app.eventSource`; add it with `try? mainLoop.add(source, forMode: .common)`. No observer: the gestures are updated inside the event's delivery.",
            "`receive`: `app.events.append(events)`, then `app.eventSource?.signal()`, then `app.mainLoop.wakeUp()` (the port may be on another thread's loop: a signal alone never wakes a sleeping loop). `handleEventQueue`: `if let event = app.events.next() { sendEvent(event, app: app) }`, and `if !app.events.isEmpty { app.eventSource?.signal() }`.",
            "`sendEvent`: first `for recognizer in app.recognizers { recognizer.receive(event) }`; then `for recognizer in app.recognizers`, `guard let state = recognizer.takeUpdate() else { continue }`, `if state.isRecognized && recognizer.cancelsTouchesInView { recognizer.view.cancelTouches() }`, `recognizer.performAction(state)`; last `app.view.deliver(event)`.",
        ],
        hintsZh: [
            "`install`：一个 `Loop.Source`，它的回调调用 `handleEventQueue(app)`，存到 `app.eventSource`；用 `try? mainLoop.add(source, forMode: .common)` 加进去。不需要观察者：手势在事件的分发过程中更新。",
            "`receive`：`app.events.append(events)`，然后 `app.eventSource?.signal()`，再 `app.mainLoop.wakeUp()`（端口可能在另一个线程的 RunLoop 上：光标记从来唤不醒正在休眠的 RunLoop）。`handleEventQueue`：`if let event = app.events.next() { sendEvent(event, app: app) }`，再 `if !app.events.isEmpty { app.eventSource?.signal() }`。",
            "`sendEvent`：先 `for recognizer in app.recognizers { recognizer.receive(event) }`；再 `for recognizer in app.recognizers`，`guard let state = recognizer.takeUpdate() else { continue }`，`if state.isRecognized && recognizer.cancelsTouchesInView { recognizer.view.cancelTouches() }`，`recognizer.performAction(state)`；最后 `app.view.deliver(event)`。",
        ],
        buildsOn: [11, 14]
    )
}

extension CourseLesson {
    /// Lesson 19: its entry, its quiz questions (`Quiz/Bank/QuizLesson19.swift`), its key
    /// scenario and what that scenario's trace shows.
    static let lesson19 = CourseLesson(
        .lesson19, questions: QuizBank.lesson19, scenario: .touchJourney,
        story: ScenarioStory(
            inOrder: [
                "woke: wake-up", "button.touchesBegan()", "before waiting", "woke: wake-up", "button.touchesMoved()",
                "button.touchesMoved()", "button.touchesCancelled()", "pan.action(began)", "before waiting", "pan.action(ended)",
            ],
            never: ["woke: port", "button.touchesEnded()"], count: ("button.touchesMoved()", 2)))
}
