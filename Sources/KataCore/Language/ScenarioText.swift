import RunLoopEngine

/// What `kata trace` and the lesson pictures say about each scenario, in both languages, keyed by
/// the scenario's name.
///
/// The engine keeps its scenarios' English one-liners (`TraceScenario.summary`, `lookFor`) and
/// knows nothing of the course's languages; the Chinese side lives here, beside the English it
/// translates. A test checks that every scenario has its entry and that the English side is the
/// engine's own.
public enum ScenarioText {
    public struct Entry {
        /// One line: what the scenario shows.
        public let summary: Text
        /// What to look for in the timeline.
        public let lookFor: Text
    }

    /// The scenario's texts; the engine's English on both sides for a scenario with no entry.
    public static func of(_ scenario: TraceScenario) -> Entry {
        guard let zh = chinese[scenario.name] else {
            return Entry(summary: Text(en: scenario.summary, zh: scenario.summary), lookFor: Text(en: scenario.lookFor, zh: scenario.lookFor))
        }
        return Entry(summary: Text(en: scenario.summary, zh: zh.summary), lookFor: Text(en: scenario.lookFor, zh: zh.lookFor))
    }

    /// The Chinese summary and what to look for, by scenario name. Trace words (`→ finished`,
    /// `woke: port`) and the scenario's own names for its parts stay as the timeline prints them.
    public static let chinese: [String: (summary: String, lookFor: String)] = [
        "thread-gets-its-loop": (
            "子线程第一次获取自己的 RunLoop（这时才创建），再获取一次（还是同一个），运行它，然后退出（RunLoop 随之被丢弃）",
            "子线程只有一个 RunLoop：第二次获取得到的是同一个；线程退出后，线程表里就没有它了"
        ),
        "empty-mode-returns": (
            "default Mode 里有一个定时器；运行只有一个观察者的 tracking Mode，会立即返回",
            "tracking 那次运行直接 `→ finished`，没有 `entry` 也没有 `exit`；定时器只在 default 的运行中触发"
        ),
        "common-modes": (
            "一个定时器加到 `.common`，再把 tracking Mode 标记为 common：这个定时器在两个 Mode 里都会触发",
            "`\"common timer\"` 在 default 和 tracking 的运行中都会触发；`\"default timer\"` 只在 default 中触发"
        ),
        "run-results": (
            "四次运行，结果分别是 `finished`（最后一个定时器已经触发）、`stopped`、`timed out`、`handled source`",
            "每次运行的最后一行：`→ finished`、`→ stopped`、`→ timed out`、`→ handled source`"
        ),
        "source0-wakeup": (
            "休眠中的子线程的事件源被标记（`signal()`），什么也没发生；再唤醒它的 RunLoop，事件源才被处理",
            "`signal()` 之后 RunLoop 继续休眠；`wakeUp()` 之后：`woke: wake-up → before sources → source \"bell\"`"
        ),
        "timer-overrun": (
            "间隔 1 秒的定时器，回调执行了 2.5 秒：2 秒和 3 秒的时间点被跳过，4 秒时再次触发",
            "定时器在 1000、4000、5000 ms 触发：没有补触发的连发，也没有整体推迟成 3500 + 1000"
        ),
        "perform-after-delay": (
            "RunLoop 没在运行时调用 `perform(afterDelay: 1)`：什么也不发生；运行 tracking：还是没有；运行 default：它触发了",
            "default 运行之前没有任何回调；`timer \"perform after delay\"` 在 default 运行中触发，然后 `→ finished`"
        ),
        "perform-on-thread": (
            "在休眠的线程上 perform 一段任务：一个 Source0 被标记，RunLoop 被唤醒",
            "`woke: wake-up → after waiting → before sources → source \"perform on worker\"`"
        ),
        "keep-alive-port": (
            "Mode 里什么都没有时运行：立即返回；加一个端口（Port）之后：RunLoop 休眠，直到有消息到来",
            "第一次运行：`→ finished`（空 Mode）；第二次运行：休眠，`woke: port \"network\"`，端口回调，`→ handled source`"
        ),
        "run-vs-guarded-loop": (
            "1 秒时调用 `stop()`：`run()` 立刻开始新的一次运行；带条件的循环则就此结束",
            "前半段：`→ stopped`，接着又是 `entry`（`run()` 一直持续到 3 秒）；后半段：`→ stopped`，之后没有新的 `entry`"
        ),
        "one-touch": (
            "一次触摸通过端口唤醒主 RunLoop；随后一个 Source0 每轮处理一个事件",
            "`woke: port` → 事件一轮一轮地处理，中间没有 `before waiting`/`after waiting`（RunLoop 在轮询）→ `before waiting`"
        ),
        "autorelease-pools": (
            "定时器每次触发都把 3 个对象放进它自己的自动释放池，回调一返回就释放了；忙碌事件源的对象留在 UIKit 的池里，RunLoop 一直不休眠，它们就越积越多",
            "定时器每次触发时，待释放的对象都是 0（它自己的池已经 pop 掉了）；第二次触发之后紧接着的几轮忙碌依次是 0、3、6：RunLoop 不休眠，池就不释放"
        ),
        "timer-during-scroll": (
            "滑动时 RunLoop 运行 tracking Mode：default Mode 的定时器暂停，加在 common 里的定时器照常触发",
            "嵌套的 tracking 运行里只有 `\"common ticker\"` 触发；`\"default ticker\"` 在滑动结束后补上一次"
        ),
        "main-queue": (
            "派发到主队列的任务，在主 RunLoop 运行私有 Mode 时一直等着，到了 default Mode 才执行",
            "私有 Mode 的运行超时返回，没有任何回调；default 的运行中：先 `main queue \"update label\"`，再 `\"reload table\"`"
        ),
        "touch-journey": (
            "事件获取线程的端口收到一次触摸：先是按下，然后一次来了三次移动，再是一次移动和抬起；视图上有一个拖动手势识别器",
            "`woke: wake-up`（不是端口：端口在另一个线程上）；每个事件一轮 Source0；第三次移动之后的 `before waiting`：先 `touchesCancelled`，再 `pan action: began`"
        ),
    ]
}
