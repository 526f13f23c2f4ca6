// Lesson 19 — A touch's journey                     Lessons/19-touch-journey.md
// 第 19 课 — 一次触摸的旅程                         Lessons/zh-Hans/19-touch-journey.md
//
// Write `StudentTouchDelivery`: how a touch gets from the event port (a source1) through the main
// loop's event source0 to the gesture observer that acts before the loop sleeps.
//
// 任务：写出 `StudentTouchDelivery`：一次触摸怎样从事件端口（source1）经过主线程 RunLoop 的
// 事件 source0，走到在 RunLoop 休眠前处理手势的观察者。
//
// Run just this lesson:   swift test --filter Lesson19Tests      (or: swift run kata watch)
// 只运行本课：            swift test --filter Lesson19Tests      （或：swift run kata watch）

import KataCore
import RunLoopEngine

/// Delivers touches on the main loop: port → event queue → source0 → window; gestures at
/// before waiting.
///
/// 在主线程 RunLoop 上分发触摸：端口 → 事件队列 → source0 → window；手势在 `before waiting` 时处理。
public struct StudentTouchDelivery: TouchDelivery {
    public init() {}

    /// Adds the event source0 (its perform calls `handleEventQueue(app)`; store it in
    /// `app.eventSource`) and the gesture observer (before waiting, order 0, repeating; its
    /// callout calls `updateGestures(app)`) to `mainLoop`, both in the common modes. (New items
    /// cannot fail to join a loop: `try?` is enough for `mainLoop.add`.)
    ///
    /// 把事件 source0（它的回调调用 `handleEventQueue(app)`；存到 `app.eventSource`）和手势观察者
    /// （`before waiting`，order 0，重复触发；回调里调用 `updateGestures(app)`）加到 `mainLoop`
    /// 上，两个都加到 common Modes。（新建的 item 加入 RunLoop 不会失败：`mainLoop.add` 前面写
    /// `try?` 就够了。）
    public func install(on mainLoop: Loop, app: TouchApp) {
        unsolved(lesson: 19, write: "StudentTouchDelivery.install(on:app:)")
    }

    /// The event port's callback, on the thread whose loop has the port (since iOS 13 not the
    /// main thread): queue `events` in `app.events`, signal `app.eventSource`, wake `app.mainLoop`.
    ///
    /// 事件端口的回调，运行在端口所在 RunLoop 的线程上（iOS 13 起不是主线程）：把 `events` 放进
    /// `app.events`，标记 `app.eventSource`，唤醒 `app.mainLoop`。
    public func receive(_ events: [TouchEvent], app: TouchApp) {
        unsolved(lesson: 19, write: "StudentTouchDelivery.receive(_:app:)")
    }

    /// The source0's perform: take one event (`app.events.next()`) and send it through the window
    /// (`app.sendEvent(_:)`); if more events wait, signal `app.eventSource` again.
    ///
    /// source0 的回调：取出一个事件（`app.events.next()`），通过 window 发出去（`app.sendEvent(_:)`）；
    /// 如果还有事件在等，再标记一次 `app.eventSource`。
    public func handleEventQueue(_ app: TouchApp) {
        unsolved(lesson: 19, write: "StudentTouchDelivery.handleEventQueue(_:)")
    }

    /// The gesture observer's callout: for each of `app.recognizers` with an update
    /// (`takeUpdate()`), cancel the view's touches first if the state is a recognized one
    /// (`state.isRecognized`: began, changed, ended or recognized) and the recognizer cancels
    /// touches in its view, then perform its action with that state.
    ///
    /// 手势观察者的回调：对 `app.recognizers` 里每个有更新的识别器（`takeUpdate()`），如果状态是
    /// 已识别的一种（`state.isRecognized`：began、changed、ended 或 recognized）、而且它会取消视图的
    /// 触摸（`cancelsTouchesInView`），先取消视图的触摸，再用这个状态执行它的 action。
    public func updateGestures(_ app: TouchApp) {
        unsolved(lesson: 19, write: "StudentTouchDelivery.updateGestures(_:)")
    }
}
