// Lesson 19 — A touch's journey                     Lessons/19-touch-journey.md
// 第 19 课 — 一次触摸的旅程                         Lessons/zh-Hans/19-touch-journey.md
//
// Write `StudentTouchDelivery`: how a touch gets from the event port (a source1) through the main
// loop's event source0 to the window, where the gesture recognizers see it, and act, before the view.
//
// 任务：写出 `StudentTouchDelivery`：一次触摸怎样从事件端口（Source1）经过主线程 RunLoop 的
// 事件 Source0 到达 window：在那里，手势识别器先于视图看到它，并执行 `action`。
//
// Run just this lesson:   swift test --filter Lesson19Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson19Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// Delivers touches on the main loop: port → event queue → source0 → window (recognizers, their
/// actions, then the view).
///
/// 在主线程 RunLoop 上分发触摸：端口 → 事件队列 → Source0 → window（先识别器和它们的 `action`，再视图）。
public struct StudentTouchDelivery: TouchDelivery {
    public init() {}

    /// Adds the event source0 (its perform calls `handleEventQueue(app)`; store it in
    /// `app.eventSource`) to `mainLoop`, in the common modes. (New items
    /// cannot fail to join a loop: `try?` is enough for `mainLoop.add`.)
    ///
    /// 把事件 Source0（它的回调调用 `handleEventQueue(app)`；存到 `app.eventSource`）加到
    /// `mainLoop` 的 common Modes。（新建的 item 加入 RunLoop 不会失败：
    /// `mainLoop.add` 前面写 `try?` 就够了。）
    public func install(on mainLoop: Loop, app: TouchApp) {
        unsolved(lesson: 19, write: "StudentTouchDelivery.install(on:app:)")
    }

    /// The event port's callback, on the thread whose loop has the port (UIKit's event-fetch
    /// thread, not the main one): queue `events` in `app.events`, signal `app.eventSource`, wake
    /// `app.mainLoop`.
    ///
    /// 事件端口的回调，运行在端口所在 RunLoop 的线程上（UIKit 的事件获取线程，不是主线程）：把
    /// `events` 放进 `app.events`，标记 `app.eventSource`，唤醒 `app.mainLoop`。
    public func receive(_ events: [TouchEvent], app: TouchApp) {
        unsolved(lesson: 19, write: "StudentTouchDelivery.receive(_:app:)")
    }

    /// The source0's perform: take one event (`app.events.next()`) and send it through the window
    /// (`sendEvent(_:app:)`); if more events wait, signal `app.eventSource` again.
    ///
    /// Source0 的回调：取出一个事件（`app.events.next()`），通过 window 发出去（`sendEvent(_:app:)`）；
    /// 如果还有事件在等，再标记一次 `app.eventSource`。
    public func handleEventQueue(_ app: TouchApp) {
        unsolved(lesson: 19, write: "StudentTouchDelivery.handleEventQueue(_:)")
    }

    /// The window's delivery of `event`: every one of `app.recognizers` sees it first
    /// (`receive(event)`); then, for each recognizer with an update (`takeUpdate()`), cancel the
    /// view's touches if the state is a recognized one (`state.isRecognized`) and the recognizer
    /// cancels touches in its view, then perform its action with that state; the view
    /// (`app.view.deliver(event)`) last.
    ///
    /// window 对 `event` 的分发：`app.recognizers` 里的每个识别器先看到它（`receive(event)`）；
    /// 然后对每个有更新的识别器（`takeUpdate()`），如果状态是已识别的一种（`state.isRecognized`）、
    /// 而且它会取消视图的触摸（`cancelsTouchesInView`），先取消视图的触摸，再用这个状态执行它的
    /// `action`；最后才轮到视图（`app.view.deliver(event)`）。
    public func sendEvent(_ event: TouchEvent, app: TouchApp) {
        unsolved(lesson: 19, write: "StudentTouchDelivery.sendEvent(_:app:)")
    }
}
