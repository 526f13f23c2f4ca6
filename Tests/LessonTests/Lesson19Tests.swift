import Foundation
import Testing

/// Lesson 19: the student's touch delivery on a main loop, against the engine's, on a virtual
/// clock: the whole trace is compared (wake-ups, passes, callouts, the view's touches and the
/// gestures' actions, which the engine notes). One test runs the event port on a thread of its
/// own, as UIKit's event-fetch thread does, to see the main loop woken from there.

@Suite("Lesson 19 — A touch's journey", .serialized, .tags(.lesson19, .level3, .build), .namedInChinese)
struct Lesson19Tests {
    /// One run of `scenario` on a fresh main loop whose touches `delivery` delivers, the app's
    /// port on the main loop itself; its trace, with the name the student gave the source0
    /// replaced by UIKit's. With `actionsReadTheRecognizers`, each action's line also says what
    /// state every recognizer is in as the action runs, as an action method that reads another
    /// recognizer's `state` would see it (`tap.action(recognized) · tap recognized, pan failed`).
    static func run(
        _ delivery: any TouchDelivery, recognizers: [GestureRecognizer.Kind], keepingTouches: Set<GestureRecognizer.Kind> = [],
        actionsReadTheRecognizers: Bool = false, _ filter: LoopTrace.Filter = .all,
        _ scenario: @escaping @Sendable (Loop, VirtualClock, TouchApp) throws -> Void
    ) throws -> Lines {
        let lines = try Harness.traceTexts(.reference, filter) { loop, clock in
            loop.addCommonMode(.tracking)   // UIKit marks the tracking mode common
            let attached = Lock<[GestureRecognizer]>([])
            let writer: TouchNoteWriter = { call in
                guard actionsReadTheRecognizers, call.contains(".action(") else { return call }
                return call + " · " + attached.withLock { $0 }.map { "\($0.name) \($0.state.rawValue)" }.joined(separator: ", ")
            }
            let app = TouchApp(
                mainLoop: loop, delivery: delivery, recognizers: recognizers, keepingTouches: keepingTouches, writer: writer)
            attached.withLock { $0 = app.recognizers }
            defer { attached.withLock { $0 = [] } }   // the writer, kept by the view, keeps no recognizer
            try loop.add(app.port, forMode: .common)
            try scenario(loop, clock, app)
        }
        return named(Lines(lines))
    }

    /// `lines` with the student's name of the event source0 replaced.
    static func named(_ lines: Lines) -> Lines {
        Harness.renaming("source", to: "__handleEventQueue", in: lines)
    }

    static func compare(
        recognizers: [GestureRecognizer.Kind] = [], keepingTouches: Set<GestureRecognizer.Kind> = [], _ filter: LoopTrace.Filter = .all,
        _ scenario: @escaping @Sendable (Loop, VirtualClock, TouchApp) throws -> Void
    ) async throws -> (actual: Lines, expected: Lines) {
        let actual = try await Harness.attempt(lesson: 19) {
            try run(StudentTouchDelivery(), recognizers: recognizers, keepingTouches: keepingTouches, filter, scenario)
        }
        let expected = try run(ReferenceTouchDelivery(), recognizers: recognizers, keepingTouches: keepingTouches, filter, scenario)
        return (actual, expected)
    }

    /// A timer in the common modes that plays the system sending `events` to the app's port at `time`.
    static func send(_ events: [TouchEvent], at time: Double, _ loop: Loop, _ app: TouchApp) throws {
        let message = TouchEvent.encode(events)
        try loop.add(try Loop.Timer(name: "finger: \(message)", fireDate: .zero + time) { _ in try? app.port.send(message) }, forMode: .common)
    }

    /// A drag: the finger down at 1 s, `moves` moves 100 ms apart, each in a message of its own,
    /// the lift at 2 s.
    static func drag(moves: Int, _ loop: Loop, _ app: TouchApp) throws {
        try send([.began], at: 1, loop, app)
        for move in 1...moves { try send([.moved], at: 1 + 0.1 * Double(move), loop, app) }
        try send([.ended], at: 2, loop, app)
    }

    @Test(
        "A tap: the port wakes the loop, the source0 sends each event in a pass of its own, the tap acts in the pass of the lift",
        .zh("一次点击：端口唤醒 RunLoop，Source0 每轮发出一个事件，点击手势在抬起的那一轮执行 `action`"))
    func tap() async throws {
        let (actual, expected) = try await Self.compare(recognizers: [.tap]) { loop, _, app in
            try Self.send([.began, .ended], at: 1, loop, app)
            try loop.run(mode: .default, timeout: 2)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "The port's callback only queues the events and signals the source0; the source0 takes ONE event per pass (sendEvent) and signals itself again while events wait; inside sendEvent the tap recognizes on the lift, the button's touch is cancelled and the action sent, all in that pass, before the loop reaches before waiting.",
                zh:
                    "端口的回调只把事件放进队列、标记 Source0；Source0 每轮只取**一个**事件（`sendEvent`），还有事件在等就再标记自己；在 `sendEvent` 里，点击手势在抬起时被识别出来，按钮的触摸被取消、`action` 被发出，都在那一轮里，RunLoop 还没走到 `before waiting`。"
            ))
        // The published log of one touch (seeds/000, an all-activities observer): after waiting,
        // then before timers and before sources, and touchesBegan in that very pass; then one
        // pair per pass while the loop polls; before waiting last. Here a tap of two events, over
        // a button: the lift recognizes the tap, so the button hears touchesCancelled, never
        // touchesEnded (delaysTouchesEnded held it back; cancelsTouchesInView cancels it).
        let published = [
            "after waiting", "before timers", "before sources", "button.touchesBegan()", "before timers", "before sources",
            "button.touchesCancelled()", "tap.action(recognized)", "before timers", "before sources", "before waiting",
        ]
        Harness.expectSameLines(
            Self.activitiesFromTheTouch(Array(actual)), published,
            hint: Text(
                en:
                    "After the port woke the loop: the source0 runs in the next pass, right after before sources, one event per pass; each pass that ran it polls; the pass that finds the queue empty reaches before waiting.",
                zh: "端口唤醒 RunLoop 之后：Source0 在下一轮执行，紧跟在 `before sources` 之后，每轮一个事件；执行了它的每一轮都只轮询；发现队列空了的那一轮才走到 `before waiting`。"),
            expectedTitle: Text(en: "the published log, for a tap", zh: "文章里的日志（一次点击）"))
    }

    /// The activities, the view's touches and the gestures' actions from the wake-up by the touch
    /// port to the next sleep.
    static func activitiesFromTheTouch(_ lines: [String]) -> [String] {
        guard let woke = lines.firstIndex(where: { $0.contains("woke: port \"touch events\"") }),
            let asleep = lines[woke...].firstIndex(where: { $0.hasSuffix("before waiting") })
        else { return [] }
        let activities = ["after waiting", "before timers", "before sources", "before waiting"]
        return lines[woke...asleep].compactMap { line in
            if let touch = line.range(of: "button.touches") { return String(line[touch.lowerBound...]) }
            if let action = line.range(of: "tap.action(") { return String(line[action.lowerBound...]) }
            return activities.first { line.hasSuffix("  \($0)") }
        }
    }

    @Test("Events that arrive together are handled one per pass, none left behind", .zh("一起到达的事件每轮处理一个，一个都不落下"))
    func onePerPass() async throws {
        let (actual, expected) = try await Self.compare { loop, _, app in
            try Self.send([.began, .moved, .moved, .ended], at: 1, loop, app)
            try Self.send([.began], at: 2, loop, app)
            try loop.run(mode: .default, timeout: 1.5)
            loop.note(Text(en: "events still queued: \(app.events.count)", zh: "队列里还有 \(app.events.count) 个事件"))
            try loop.run(mode: .default, timeout: 1)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "handleEventQueue takes one event (app.events.next()), sends it, and signals the source0 again if app.events is not empty: four events, four passes, then the sleep. Not a loop over the queue, and not one event per port message.",
                zh:
                    "`handleEventQueue` 取一个事件（`app.events.next()`）发出去，如果 `app.events` 不空就再标记一次 Source0：四个事件，四轮，然后休眠。不要一次把队列处理完，也不要每个端口消息只处理一个事件。"
            ))
    }

    @Test("A scroll runs the tracking mode: touches are still delivered and gestures still act", .zh("滑动时运行 tracking Mode：触摸照样分发，手势照样执行 `action`"))
    func whileTracking() async throws {
        let (actual, expected) = try await Self.compare(recognizers: [.pan]) { loop, _, app in
            try loop.add(
                try Loop.Timer(name: "scroll", fireDate: .zero + 0.5) { _ in
                    _ = try? Loop.current.run(mode: .tracking, timeout: 2)
                }, forMode: .default)
            try Self.send([.began], at: 1, loop, app)
            try Self.send([.moved, .moved, .moved], at: 1.5, loop, app)
            try Self.send([.ended], at: 2, loop, app)
            try loop.run(mode: .default, timeout: 3)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "While a finger scrolls, UIKit runs the main loop in the tracking mode (marked common): the event source0 must be in .common, or touches and gestures wait until the scroll ends.",
                zh: "手指滑动时，UIKit 让主线程 RunLoop 运行 tracking Mode（它被标记为 common）：事件 Source0 必须加到 `.common`，否则触摸和手势要等滑动结束才处理。"))
    }

    @Test(
        "A pan recognized on its third move: touchesCancelled, then the action, in that move's pass; the third move never reaches the view",
        .zh("第三次移动时识别出拖动手势：在这次移动的那一轮里，先 `touchesCancelled`，再执行 `action`；第三次移动不会到达视图"))
    func panCancels() async throws {
        let (actual, expected) = try await Self.compare(recognizers: [.pan]) { loop, _, app in
            try Self.drag(moves: 4, loop, app)
            try loop.run(mode: .default, timeout: 3)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "In sendEvent the recognizers see the move first; the pan begins on the third, so cancel the view's touches (touchesCancelled) BEFORE performing the action, and only then give the view the event: its touch is cancelled, so the third move never reaches it (cancelsTouchesInView: the gesture's pending touches are not delivered).",
                zh:
                    "在 `sendEvent` 里，识别器先看到这次移动；拖动手势在第三次移动时开始，所以先取消视图的触摸（`touchesCancelled`），**再**执行 `action`，最后才把事件交给视图：它的触摸已被取消，第三次移动到不了它（`cancelsTouchesInView`：手势还没送出的触摸不再交给视图）。"
            ))
        #expect(actual.contains { $0.hasSuffix("button.touchesCancelled()") }, "the view's touches are cancelled when the pan begins")
        let moves = actual.filter { $0.hasSuffix("button.touchesMoved()") }.count
        #expect(moves == 2, "the view hears the two moves before the pan began, not the third that recognized it: it heard \(moves)")
    }

    @Test("A recognizer that does not cancel touches leaves the view its touches", .zh("不取消触摸的识别器，把触摸留给视图"))
    func keepsTouches() async throws {
        let (actual, expected) = try await Self.compare(recognizers: [.pan, .tap], keepingTouches: [.pan]) { loop, _, app in
            try Self.drag(moves: 3, loop, app)
            try Self.send([.began], at: 2.5, loop, app)
            try Self.send([.ended], at: 2.6, loop, app)
            try loop.run(mode: .default, timeout: 3)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "Cancel the view's touches only when the recognizer recognized (state.isRecognized) AND its cancelsTouchesInView is true: this pan's is false, so the view hears the whole touch.",
                zh: "只有识别器识别出了手势（`state.isRecognized`）**而且**它的 `cancelsTouchesInView` 为 `true`，才取消视图的触摸：这个拖动手势的是 `false`，所以视图收到整个触摸。"))
    }

    @Test(
        "Three taps over a button: each acts in the pass of its lift, and the button hears touchesCancelled, never touchesEnded",
        .zh("在按钮上点三次：每次都在抬起的那一轮执行 `action`，按钮收到 `touchesCancelled`，从来收不到 `touchesEnded`"))
    func everyTurn() async throws {
        let (actual, expected) = try await Self.compare(recognizers: [.tap], .notes) { loop, _, app in
            for tap in 0..<3 { try Self.send([.began, .ended], at: 1 + Double(tap), loop, app) }
            try loop.run(mode: .default, timeout: 4)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "The lift recognizes the tap inside sendEvent: cancel the button's touch, send the action, and only then deliver the event to the view, whose touch is cancelled by then. A view that hears touchesEnded got the lift before the recognizers decided (delaysTouchesEnded holds it until they do).",
                zh:
                    "抬起这个事件在 `sendEvent` 里让点击手势被识别出来：先取消按钮的触摸，发出 `action`，然后才把事件交给视图，这时它的触摸已经被取消了。视图要是收到了 `touchesEnded`，就是识别器还没做出判断它就拿到了抬起（`delaysTouchesEnded` 会把它扣到识别器判断完）。"
            ))
        #expect(!actual.contains { $0.hasSuffix("button.touchesEnded()") }, "a recognized tap cancels the button's touch: no touchesEnded")
    }

    @Test("The port is on the event-fetch thread, which wakes the sleeping main loop", .zh("端口在事件获取线程上，由它唤醒正在休眠的主线程 RunLoop"))
    func eventFetchThread() async throws {
        let actual = try await Harness.attempt(lesson: 19, timeout: 10) { try Self.fetchThreadRun(StudentTouchDelivery()) }
        let expected = try await offPool { try Self.fetchThreadRun(ReferenceTouchDelivery()) }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "receive runs on the event fetch thread, not the main one: after app.eventSource?.signal(), call app.mainLoop.wakeUp() — a signal marks the source0 but never wakes a sleeping loop.",
                zh:
                    "`receive` 运行在事件获取线程上，不在主线程：`app.eventSource?.signal()` 之后要调用 `app.mainLoop.wakeUp()`——标记只是把 Source0 标成待处理，从来唤不醒正在休眠的 RunLoop。"
            ))
    }

    /// The main loop on this thread, asleep with no deadline; the app's port on a thread of its
    /// own (UIKit's `com.apple.uikit.eventfetch-thread`); a sender that waits for the main loop
    /// to sleep before each message, so the trace is the same every time. A main loop that is
    /// never woken is stopped after a second.
    static func fetchThreadRun(_ delivery: any TouchDelivery) throws -> Lines {
        let (main, _) = virtualLoop(name: "main loop")
        main.addCommonMode(.tracking)
        let app = TouchApp(mainLoop: main, delivery: delivery, recognizers: [.tap])
        let sleeps = Lock(0)
        try main.add(Loop.Observer(name: "counts sleeps", activities: .beforeWaiting, order: 1) { _ in sleeps.withLock { $0 += 1 } }, forMode: .default)
        let fetch = LoopThread(name: "com.apple.uikit.eventfetch-thread") {
            let loop = Loop.current
            try? loop.add(app.port, forMode: .default)
            _ = try? loop.run(mode: .default, timeout: .infinity)
        }
        try fetch.start()
        let sender = LoopThread(name: "backboardd") {
            for (number, message) in ["began", "ended"].enumerated() {
                guard untilBlocking(1, { sleeps.withLock { $0 } > number && main.isWaiting }) else { break }
                try? app.port.send(message)
            }
            _ = untilBlocking(1) { sleeps.withLock { $0 } > 2 && main.isWaiting }
            main.stop()
        }
        let trace = main.startTracing()
        try sender.start()
        _ = try main.run(mode: .default, timeout: .infinity)
        sender.join()
        _ = untilBlocking(1) { fetch.loop != nil }
        fetch.loop?.stop()
        _ = fetch.join(timeout: 2)
        return named(trace.bilingualLines(.all, times: false))
    }
}
