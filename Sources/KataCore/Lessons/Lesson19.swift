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
            "A touch reaches the app through a port (a source1), waits in a queue, is handled one event per pass by the main loop's source0, and a gesture acts only when the loop is about to sleep, after the view's touches are cancelled.",
        behaviourZh: "触摸经由端口（Source1）到达 App，在队列里等着，由主线程 RunLoop 的 Source0 每轮处理一个事件；手势要等 RunLoop 即将进入休眠时才执行 `action`，在那之前先取消视图的触摸。",
        exerciseFile: "Exercises/19-touch-journey/TouchDelivery.swift",
        task: "StudentTouchDelivery (a TouchDelivery): install(on:app:), receive(_:app:), handleEventQueue(_:), updateGestures(_:)",
        taskZh: "StudentTouchDelivery（一个 TouchDelivery）：install(on:app:)、receive(_:app:)、handleEventQueue(_:)、updateGestures(_:)",
        keyScenario: "touch-journey",
        hints: [
            "`install`: a `Loop.Source` whose perform calls `handleEventQueue(app)`, kept in `app.eventSource`, and a `Loop.Observer` of `.beforeWaiting` at order 0 whose callout calls `updateGestures(app)`; add them with `try? mainLoop.add(source, forMode: .common)` and `try? mainLoop.add(observer, forMode: .common)`.",
            "`receive`: `app.events.append(events)`, then `app.eventSource?.signal()`, then `app.mainLoop.wakeUp()` (the port may be on another thread's loop: a signal alone never wakes a sleeping loop). `handleEventQueue`: one `app.events.next()`, `app.sendEvent(event)`, and `signal()` again if `!app.events.isEmpty`.",
            "`updateGestures`: `for recognizer in app.recognizers`, `guard let state = recognizer.takeUpdate()`; if `state.isRecognized && recognizer.cancelsTouchesInView`, call `recognizer.view.cancelTouches()` first; then `recognizer.performAction(state)`.",
        ],
        hintsZh: [
            "`install`：一个 `Loop.Source`，它的回调调用 `handleEventQueue(app)`，存到 `app.eventSource`；再加一个观察 `.beforeWaiting`、order 为 0 的 `Loop.Observer`，回调里调用 `updateGestures(app)`；用 `try? mainLoop.add(source, forMode: .common)` 和 `try? mainLoop.add(observer, forMode: .common)` 把两个都加进去。",
            "`receive`：`app.events.append(events)`，然后 `app.eventSource?.signal()`，再 `app.mainLoop.wakeUp()`（端口可能在另一个线程的 RunLoop 上：光标记从来唤不醒正在休眠的 RunLoop）。`handleEventQueue`：取一个 `app.events.next()`，`app.sendEvent(event)`，如果 `!app.events.isEmpty` 就再 `signal()` 一次。",
            "`updateGestures`：`for recognizer in app.recognizers`，`guard let state = recognizer.takeUpdate()`；如果 `state.isRecognized && recognizer.cancelsTouchesInView`，先调用 `recognizer.view.cancelTouches()`；再 `recognizer.performAction(state)`。",
        ],
        buildsOn: [11, 14]
    )
}
