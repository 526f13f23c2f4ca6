import Testing

/// Lesson 15: the student's commit observer on a reference loop, against Core Animation's own as
/// the engine models it: views marked in callouts, laid out and drawn when the loop is about to
/// sleep (or a run exits), on a virtual clock.

@Suite("Lesson 15 — The commit at beforeWaiting", .serialized, .tags(.lesson15, .level3, .build), .namedInChinese)
struct Lesson15Tests {
    static let student = Loop.Mechanisms.reference.with(commit: StudentCommit())
    static let reference = Loop.Mechanisms.reference.with(commit: ReferenceCoreAnimationCommit())
    /// The observer log, the callouts and the notes: where each layout and commit falls in the turn.
    static let filter: LoopTrace.Filter = [.activities, .callouts, .notes]

    /// Runs `scenario` with the student's commit and with the engine's; returns both traces. The
    /// loop has a port in the common modes, as an app's main loop has its event ports: it sleeps
    /// when it has nothing to do instead of running out of items.
    static func compare(_ scenario: @escaping @Sendable (Loop, VirtualClock) throws -> Void) async throws -> (actual: Lines, expected: Lines) {
        let app: @Sendable (Loop, VirtualClock) throws -> Void = { loop, clock in
            try loop.add(Loop.Port(name: "the app's other sources"), forMode: .common)
            try scenario(loop, clock)
        }
        let actual = try await Harness.attempt(lesson: 15) { try Harness.traceTexts(student, filter, app) }
        let expected = try await Harness.attempt(lesson: 15) { try Harness.traceTexts(reference, filter, app) }
        return (Lines(actual), Lines(expected))
    }

    /// A window with a header (holding a title) and a label: `window → header → title`, `window → label`.
    struct Screen {
        let window = View(name: "window")
        let header: View
        let title = View(name: "title")
        let label = View(name: "label")

        /// - Parameter headerResizesTitle: the header's layout changes the title's size (marks it).
        init(headerResizesTitle: Bool = false) {
            let title = self.title
            header = View(name: "header") { _ in if headerResizesTitle { title.setNeedsLayout() } }
            window.addSubview(header)
            header.addSubview(title)
            window.addSubview(label)
        }
    }

    // The notes the tests write, in the student's language.
    static let marked = Text(en: "marked: title, window, title, header", zh: "已标记：`title`、`window`、`title`、`header`")
    static func returns(after seconds: Int) -> Text {
        Text(en: "the callout returns after \(seconds) s of work", zh: "回调忙了 \(seconds) 秒才返回")
    }
    static let afterLayoutIfNeeded = Text(en: "layoutIfNeeded() returned", zh: "`layoutIfNeeded()` 返回了")
    static func busyPass(_ number: Int) -> Text { Text(en: "busy pass \(number)", zh: "忙碌的第 \(number) 轮") }

    /// The lines of `lines` that are the commit's work: layouts, drawings and commits.
    static func work(_ lines: [String]) -> [String] {
        lines.filter { $0.contains(" layoutSubviews]") || $0.contains(" drawRect:]") || $0.contains("CA::Transaction::commit(") }
    }

    @Test("Three setNeedsLayout() calls in one turn lay out once, parents before children", .zh("一轮里调用三次 `setNeedsLayout()`，只布局一次，先父视图后子视图"))
    func coalescedTopDown() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let screen = Screen(headerResizesTitle: true)
            try loop.add(
                try Loop.Timer(name: "update", fireDate: loop.now + 1) { _ in
                    screen.title.setNeedsLayout()
                    screen.window.setNeedsLayout()
                    screen.title.setNeedsLayout()
                    screen.header.setNeedsLayout()
                    Loop.current.note(Self.marked)
                }, forMode: .default)
            try loop.run(mode: .default, timeout: 2)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "setNeedsLayout() only sets a flag; the commit lays out each view whose flag is set, once (laying out clears it), walking each window from the top: a view before its subviews. The header's layout resizes the title, so the title must come after the header, in the same commit.",
                zh:
                    "`setNeedsLayout()` 只是设一个标记；提交时，对标记了的每个视图布局一次（布局会清掉标记），从每个窗口自上而下地走：先父视图，后子视图。`header` 的布局会改变 `title` 的大小，所以 `title` 必须排在 `header` 之后，而且就在同一次提交里。"
            ))
        #expect(
            Self.work(Array(actual)).filter { $0.hasSuffix("[title layoutSubviews]") }.count == 1,
            Text(en: "the title is marked three times and laid out once", zh: "`title` 被标记了三次，只布局一次").comment)
    }

    @Test("The whole tree is laid out before anything is drawn", .zh("整棵树布局完，才开始绘制"))
    func layoutBeforeDisplay() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let screen = Screen()
            try loop.add(
                try Loop.Timer(name: "update", fireDate: loop.now + 1) { _ in
                    screen.window.setNeedsDisplay()
                    screen.window.setNeedsLayout()
                    screen.label.setNeedsLayout()
                    screen.title.setNeedsDisplay()
                }, forMode: .default)
            try loop.run(mode: .default, timeout: 2)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "Core Animation's commit lays out the whole tree first (layout_if_needed), then draws (display_if_needed), then sends the result to the render server: two walks, not one that lays out and draws each view in turn — a later layout may change what an earlier view must draw.",
                zh:
                    "Core Animation 的提交先布局整棵树（`layout_if_needed`），再绘制（`display_if_needed`），最后把结果交给渲染服务：是两趟遍历，而不是每到一个视图就布局再绘制——后面的布局可能改变前面视图要画的内容。"
            ))
    }

    @Test("A change followed by a long callout reaches the screen only after the callout returns", .zh("改动之后紧跟一个耗时的回调：要等回调返回，改动才上屏"))
    func drawnAfterTheLongCallout() async throws {
        let (actual, expected) = try await Self.compare { loop, clock in
            let screen = Screen()
            try loop.add(
                try Loop.Timer(name: "tap", fireDate: loop.now + 1) { _ in
                    screen.label.setNeedsDisplay()   // "Loading…"
                    clock.advance(by: 2)   // the work the label announces, on the main thread
                    Loop.current.note(Self.returns(after: 2))
                }, forMode: .default)
            try loop.add(
                try Loop.Timer(name: "next", fireDate: loop.now + 4) { _ in screen.header.setNeedsLayout() }, forMode: .default)
            try loop.run(mode: .default, timeout: 5)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "The commit runs at before waiting, once the turn's callouts have returned: a label changed at 1 s before 2 s of work on the main thread is drawn at 3 s, not at 1 s and not after the next wake-up. Every turn commits its own changes (the observer repeats).",
                zh:
                    "提交发生在 `before waiting`，也就是这一轮的回调全部返回之后：1 秒时改了 `label`，接着在主线程上干了 2 秒的活，它要到 3 秒才被绘制——不是 1 秒，也不是下一次唤醒之后。每一轮都提交自己的改动（观察者是重复的）。"
            ))
    }

    @Test("A source that keeps signalling itself never lets the loop commit: the UI is frozen", .zh("一直重新标记自己的事件源让 RunLoop 永远不提交：界面卡住了"))
    func frozenWhileBusy() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let screen = Screen()
            let passes = Counter()
            let again = SourceHolder()
            let busy = Loop.Source(name: "busy") {
                let pass = passes.next()
                screen.label.setNeedsDisplay()   // a progress label, updated each pass
                Loop.current.note(Self.busyPass(pass))
                if pass < 3 { again.source?.signal() }
            }
            again.source = busy
            try loop.add(busy, forMode: .default)
            try loop.add(try Loop.Timer(name: "start", fireDate: loop.now + 1) { _ in busy.signal() }, forMode: .default)
            try loop.run(mode: .default, timeout: 2)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "While a source keeps itself signalled, the loop polls and never reaches before waiting, so nothing is committed: the progress label is drawn once, when the loop finally gets to sleep. Commit at before waiting (and exit) only — not after waking, not before timers or sources.",
                zh:
                    "事件源一直重新标记自己时，RunLoop 只轮询、到不了 `before waiting`，所以什么都不提交：进度 `label` 只在 RunLoop 终于要休眠时绘制一次。只在 `before waiting`（和 `exit`）提交——不在唤醒之后，也不在处理定时器或事件源之前。"
            ))
        #expect(
            Self.work(Array(actual)).filter { $0.hasSuffix("[label drawRect:]") }.count == 1,
            Text(en: "three busy passes, one drawing: the UI does not change while the loop never sleeps", zh: "忙了三轮，只绘制一次：RunLoop 不休眠，界面就不变").comment)
    }

    @Test("layoutIfNeeded() lays out at once and leaves the next commit nothing to lay out", .zh("`layoutIfNeeded()` 立即布局，下一次提交就没有要布局的了"))
    func layoutIfNeededNow() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let screen = Screen()
            try loop.add(
                try Loop.Timer(name: "animate", fireDate: loop.now + 1) { _ in
                    screen.header.setNeedsLayout()
                    screen.header.layoutIfNeeded()
                    Loop.current.note(Self.afterLayoutIfNeeded)
                }, forMode: .default)
            try loop.run(mode: .default, timeout: 2)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "layoutIfNeeded() lays the header out inside the callout and clears its flag: the commit must find nothing left to lay out (check `needsLayout`, never lay out a view just because its window was marked) — but it still sends the new layout to the render server: only then is it on screen.",
                zh:
                    "`layoutIfNeeded()` 在回调里就给 `header` 布局了，并清掉了它的标记：提交时必须发现已经没有要布局的了（要看 `needsLayout`，不能因为窗口被标记过就给视图布局）——但仍然要把新的布局交给渲染服务：到那时它才出现在屏幕上。"
            ))
        #expect(
            Self.work(Array(actual)).filter { $0.contains("[header layoutSubviews]") }.count == 1,
            Text(en: "the header is laid out once, by layoutIfNeeded()", zh: "`header` 只布局一次，由 `layoutIfNeeded()` 完成").comment)
    }

    @Test("A run that ends without sleeping commits at exit", .zh("没休眠就结束的运行，在 `exit` 时提交"))
    func commitsAtExit() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let screen = Screen()
            let source = Loop.Source(name: "event") { screen.label.setNeedsDisplay() }
            try loop.add(source, forMode: .default)
            source.signal()
            try loop.run(mode: .default, timeout: 0)   // one pass that polls: no before waiting
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "A run with no time to wait polls once and exits without ever reaching before waiting: Core Animation's observer watches exit too, so what the pass changed is still committed.",
                zh: "没有时间可等的运行只轮询一次就退出，根本到不了 `before waiting`：Core Animation 的观察者也观察 `exit`，所以这一轮的改动照样会提交。"))
    }

    @Test("While scrolling (the tracking mode) the UI is still laid out and drawn", .zh("滑动时（tracking Mode）界面照样布局和绘制"))
    func commitsWhileScrolling() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let screen = Screen()
            loop.addCommonMode(.tracking)
            try loop.add(
                try Loop.Timer(name: "scroll", fireDate: loop.now + 0.5, interval: 0.5) { _ in
                    screen.header.setNeedsLayout()
                    screen.label.setNeedsDisplay()
                }, forMode: .common)
            try loop.run(mode: .tracking, timeout: 1.2)
            loop.addCommonMode("modal")   // marked common later, as an app may
            try loop.run(mode: "modal", timeout: 0.7)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "Add the observer to `.common`, not to `.default`: a scroll runs the tracking mode (common on a UI loop), and a mode marked common later must get it too — otherwise nothing is laid out or drawn until the finger lifts.",
                zh: "把观察者加到 `.common`，而不是 `.default`：滑动时 RunLoop 运行 tracking Mode（在 UI RunLoop 上是 common），后来才标记为 common 的 Mode 也必须有它——否则手指离开屏幕之前，什么都不会布局和绘制。"
            ))
    }

    @Test("The commit follows the app's observers at lower orders and precedes those at higher ones", .zh("提交排在 `order` 更小的 App 观察者之后、`order` 更大的之前"))
    func commitOrder() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let screen = Screen()
            // An app observer at before waiting, order 0 (where the classic account has UIKit's
            // _UIGestureRecognizerUpdateObserver): what it changes is in this turn's commit.
            try loop.add(
                Loop.Observer(name: "gesture", activities: .beforeWaiting, repeats: false) { _ in screen.header.setNeedsLayout() },
                forMode: .default)
            // An observer after Core Animation's (UIKit's _afterCACommitHandler sits at 2001000):
            // what it changes waits for the next commit.
            try loop.add(
                Loop.Observer(name: "after the commit", activities: .beforeWaiting, repeats: false, order: 3_000_000) { _ in
                    screen.label.setNeedsDisplay()
                }, forMode: .default)
            try loop.add(try Loop.Timer(name: "wake", fireDate: loop.now + 1) { _ in }, forMode: .default)
            try loop.run(mode: .default, timeout: 2)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "Core Animation's observer sits at order 2000000: after the app's before-waiting observers at lower orders (what an observer at order 0 changes is drawn in the same turn) and before those at higher ones (their changes wait for the next commit) — and before UIKit's pool pop at 2147483647.",
                zh:
                    "Core Animation 的观察者 `order` 是 2000000：排在 `order` 更小的 App 的 `before waiting` 观察者之后（`order` 0 的观察者做的改动在同一轮就画出来），排在 `order` 更大的之前（它们的改动要等下一次提交）——也在 UIKit 的 2147483647 的 `pop` 之前。"
            ))
    }

    @Test(
        "One observer: before waiting and exit, repeating, at order 2000000, in the common modes",
        .zh("一个观察者：`before waiting` 和 `exit`，重复，`order` 2000000，在 common modes 里"))
    func theObserver() async throws {
        let observers = try await Harness.attempt(lesson: 15) { () -> [String] in
            let loop = Loop(clock: VirtualClock(), mechanisms: Self.student)
            loop.addCommonMode(.tracking)
            return [Loop.Mode.default, .tracking].flatMap { mode in
                loop.items(inMode: mode).compactMap { item -> String? in
                    guard case .observer(let observer) = item else { return nil }
                    return "\(mode.name): \(observer.activities), order \(observer.order)\(observer.repeats ? "" : ", once")"
                }
            }
        }
        Harness.expectSameLines(
            observers, ["default: before waiting | exit, order 2000000", "tracking: before waiting | exit, order 2000000"],
            hint: Text(
                en:
                    "A `po [NSRunLoop mainRunLoop]` dump shows Core Animation's observer (_ZN2CA11Transaction17observer_callback…) as activities = 0xa0 (before waiting | exit), repeats = Yes, order = 2000000, among the common mode items: one observer, exactly that.",
                zh:
                    "`po [NSRunLoop mainRunLoop]` 打印出来的 Core Animation 观察者（`_ZN2CA11Transaction17observer_callback…`）是 `activities = 0xa0`（`before waiting` | `exit`）、`repeats = Yes`、`order = 2000000`，在 `common mode items` 里：一个观察者，就是这样。"
            ),
            expectedTitle: Text(en: "expected (Core Animation's observer)", zh: "期望（Core Animation 的观察者）"))
    }
}

/// Counts passes, on the loop's thread.
private final class Counter: @unchecked Sendable {
    private var count = 0
    func next() -> Int {
        count += 1
        return count
    }
}

private final class SourceHolder: @unchecked Sendable {
    var source: Loop.Source?
}
