import Foundation
import Testing

/// Lesson 11: the student's pass of the loop against the engine's, scenario by scenario,
/// on a virtual clock; the whole trace is compared (observer log, callouts, wake-ups, results).

@Suite("Lesson 11 — Observers and the iteration", .serialized, .tags(.lesson11, .level3, .build), .namedInChinese)
struct Lesson11Tests {
    static let student = Loop.Mechanisms.reference.with(pass: StudentPass())

    static func compare(_ scenario: @escaping @Sendable (Loop, VirtualClock) throws -> Void) async throws -> (actual: Lines, expected: Lines) {
        try await Harness.traceLines(lesson: 11, student: student, scenario)
    }

    @Test("An idle loop sleeps until its deadline, and observers see entry, the sleep and exit", .zh("空闲的 RunLoop 一直休眠到截止时间，观察者看到 `entry`、休眠和 `exit`"))
    func idle() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            try loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
            try loop.run(mode: .default, timeout: 1)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "A pass: before timers, before sources, (blocks, sources: nothing), before waiting, sleep, after waiting, handle the wake reason, blocks, then decide: the deadline has passed → timed out.",
                zh: "一轮循环：`before timers`、`before sources`、（Block、事件源：都没有）、`before waiting`、休眠、`after waiting`、处理唤醒原因、Block，然后判断：截止时间已过 → `timed out`。"))
    }

    @Test("After a source ran, the loop polls: no before/after waiting in that pass", .zh("执行了事件源之后 RunLoop 只轮询：那一轮没有 `before waiting` / `after waiting`"))
    func sourcePolls() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let source = Loop.Source(name: "touch events") { Loop.current.note(Text(en: "handled", zh: "处理了")) }
            try loop.add(source, forMode: .default)
            source.signal()
            try loop.run(mode: .default, timeout: 1)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "poll = a source ran OR the timeout is 0. When polling, look for a wake reason without sleeping — and without telling observers about waiting.",
                zh: "`poll` = 执行了事件源，或者超时为 0。轮询时，不休眠就去找唤醒原因——也不要通知观察者即将进入休眠或刚从休眠中唤醒。"))
    }

    @Test("A timer wakes the loop; its callout comes after the after-waiting observers", .zh("定时器唤醒 RunLoop；它的回调排在 `after waiting` 的观察者之后"))
    func timerWake() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            try loop.add(try Loop.Timer(name: "tick", fireDate: loop.now + 0.5, interval: 0.5) { _ in }, forMode: .default)
            try loop.run(mode: .default, timeout: 1.2)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "'before timers' is only an announcement: due timers fire at step 9, as the reason the loop woke (`pass.handle(reason)`), after 'after waiting'.",
                zh: "`before timers` 只是一个通知：到点的定时器在第 9 步触发，作为 RunLoop 被唤醒的原因（`pass.handle(reason)`），在 `after waiting` 之后。"))
    }

    @Test("A port message wakes the loop and counts as a handled source", .zh("端口消息唤醒 RunLoop，并算作处理了一个事件源"))
    func portMessage() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let port = Loop.Port(name: "network") { message in Loop.current.note(Text(en: "got \(message)", zh: "收到 \(message)")) }
            try loop.add(port, forMode: .default)
            try loop.add(try Loop.Timer(name: "reply arrives", fireDate: loop.now + 0.5) { _ in try? port.send("reply") }, forMode: .default)
            let result = try loop.run(mode: .default, timeout: 2, returnAfterSourceHandled: true)
            loop.note(Note.returned("run", result))
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "`pass.handle(reason)` returns true for a port message: with returnAfterSourceHandled the run ends 'handled source' — checked first at step 11. A timer never counts.",
                zh: "端口消息让 `pass.handle(reason)` 返回 `true`：带 `returnAfterSourceHandled` 时，这次运行以 `handled source` 结束——第 11 步最先检查它。定时器从来不算。"))
    }

    // How each run of the scenario ended, in the student's language.
    static func stopAtTheDeadline(_ result: Loop.RunResult) -> Text {
        Text(en: "stop and deadline together: \(result)", zh: "停止请求与截止时间同时到来：\(result)")
    }
    static func stopAlone(_ result: Loop.RunResult) -> Text { Text(en: "stop alone: \(result)", zh: "只有停止请求：\(result)") }
    static func emptiedItsMode(_ result: Loop.RunResult) -> Text {
        Text(en: "a handled source that emptied the mode: \(result)", zh: "一个执行完就让 Mode 变空的事件源：\(result)")
    }

    @Test(
        "Step 11 decides in CF's order: handled source, then timed out, then stopped, then finished",
        .zh("第 11 步按 Core Foundation 的顺序判断：`handled source`，然后 `timed out`，然后 `stopped`，最后 `finished`"))
    func decisionOrder() async throws {
        let (actual, expected) = try await Self.compare { loop, clock in
            try loop.add(
                try Loop.Timer(name: "stop at the deadline", fireDate: loop.now + 1) { _ in
                    Loop.current.stop()
                }, forMode: .default)
            let first = try loop.run(mode: .default, timeout: 1)
            loop.note(Self.stopAtTheDeadline(first))
            try loop.add(try Loop.Timer(name: "stop early", fireDate: loop.now + 0.5) { _ in Loop.current.stop() }, forMode: .default)
            try loop.add(try Loop.Timer(name: "keep busy", fireDate: loop.now + 5) { _ in }, forMode: .default)
            let second = try loop.run(mode: .default, timeout: 3)
            loop.note(Self.stopAlone(second))
            let holder = SourceHolder()
            let oneShot = Loop.Source(name: "one-shot: removes itself") {
                if let source = holder.source { Loop.current.remove(.source(source), fromMode: .default) }
            }
            holder.source = oneShot
            for item in loop.items(inMode: .default) { loop.remove(item, fromMode: .default) }
            try loop.add(oneShot, forMode: .default)
            oneShot.signal()
            let third = try loop.run(mode: .default, timeout: 3, returnAfterSourceHandled: true)
            loop.note(Self.emptiedItsMode(third))
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "handledSource (if asked) → timedOut → stopped → finished. A stop that lands in the same pass as the deadline gives 'timed out'; a source that emptied its mode still gives 'handled source'.",
                zh: "`handledSource`（如果要求了）→ `timedOut` → `stopped` → `finished`。停止请求和截止时间落在同一轮里，结果是 `timed out`；一个让自己的 Mode 变空的事件源，结果仍然是 `handled source`。"))
        #expect(
            actual.filter { $0.contains("·") }.map { $0.components(separatedBy: "· ").last ?? "" } == [
                Self.stopAtTheDeadline(.timedOut).localized, Self.stopAlone(.stopped).localized, Self.emptiedItsMode(.handledSource).localized,
            ])
    }

    @Test("A run with timeout 0 polls: its observers never hear about waiting", .zh("超时为 0 的运行只轮询：观察者不会收到休眠相关的通知"))
    func timeoutZeroPolls() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            try loop.add(Loop.Port(name: "keep-alive"), forMode: .default)
            let nothing = try loop.run(mode: .default, timeout: 0)
            loop.note(Text(en: "a poll with nothing to do: \(nothing)", zh: "无事可做的轮询：\(nothing)"))
            let source = Loop.Source(name: "ready") { Loop.current.note(Text(en: "handled", zh: "处理了")) }
            try loop.add(source, forMode: .default)
            source.signal()
            let handled = try loop.run(mode: .default, timeout: 0, returnAfterSourceHandled: true)
            loop.note(
                Text(
                    en: "a poll that ran a source, asked to return after one: \(handled)",
                    zh: "要求处理完一个事件源就返回、也执行了事件源的轮询：\(handled)"))
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "poll = a source ran OR the run has no time at all (`pass.hasNoTimeLeft`): a run with timeout 0 only looks — no 'before waiting', no 'after waiting'. And at step 11 'handled source' comes before 'timed out': a poll that ran a source, asked to return after one, ends 'handled source'.",
                zh:
                    "`poll` = 执行了事件源，或者这次运行根本没有时间（`pass.hasNoTimeLeft`）：超时为 0 的运行只是看一眼——没有 `before waiting`，也没有 `after waiting`。而且第 11 步里 `handled source` 排在 `timed out` 前面：要求处理完一个事件源就返回的轮询，执行了事件源，就以 `handled source` 结束。"
            ))
    }

    @Test(
        "A last one-shot timer that calls stop(): the run ends 'stopped', though the mode is now empty",
        .zh("最后一个一次性定时器调用 `stop()`：虽然 Mode 已经空了，这次运行仍以 `stopped` 结束"))
    func stopFromTheLastTimer() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            try loop.add(try Loop.Timer(name: "last: stops the run", fireDate: loop.now + 0.5) { _ in Loop.current.stop() }, forMode: .default)
            let result = try loop.run(mode: .default, timeout: 2)
            loop.note(Note.returned("run", result))
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "The one-shot timer is gone after its callout, so the mode is empty — but its callout asked to stop, and step 11 checks 'stopped' before 'finished' (handled source → timed out → stopped → finished).",
                zh: "一次性定时器回调之后就没了，所以 Mode 变空了——但它的回调要求停止，而第 11 步先检查 `stopped` 再检查 `finished`（`handled source` → `timed out` → `stopped` → `finished`）。"))
    }

    @Test("A block queued by a timer or a port message runs in the same pass, at step 10", .zh("定时器或端口消息排进来的 Block 在同一轮的第 10 步执行"))
    func blocksAfterTheWake() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let replies = Loop.Port(name: "replies") { _ in Loop.current.perform(name: "queued by the port message") {} }
            try loop.add(replies, forMode: .default)
            try loop.add(try Loop.Timer(name: "reply arrives", fireDate: loop.now + 0.5) { _ in try? replies.send("reply") }, forMode: .default)
            try loop.add(
                try Loop.Timer(name: "last timer", fireDate: loop.now + 1) { _ in
                    Loop.current.perform(name: "queued by the last timer") {}
                }, forMode: .default)
            try loop.run(mode: .default, timeout: 1)   // the last timer fires at the deadline
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "Step 10 runs blocks again, after the wake reason was handled: a block queued by a timer or a port handler runs in the same pass — before step 11 decides, so even the run's last pass runs it.",
                zh: "处理完唤醒原因之后，第 10 步再执行一次 Block：定时器或端口回调排进来的 Block 在同一轮里执行——在第 11 步判断之前，所以即使是这次运行的最后一轮也会执行它。"))
    }

    @Test("Blocks run at the blocks steps, and again right after sources — before a port message", .zh("Block 在执行 Block 的那几步执行，执行完事件源后再执行一次——在端口消息之前"))
    func blocks() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            loop.perform(name: "queued before the run") {}
            let replies = Loop.Port(name: "replies") { _ in }
            let source = Loop.Source(name: "queues a block, sends a message") {
                Loop.current.perform(name: "queued by the source") {}
                try? replies.send("reply")
            }
            try loop.add(replies, forMode: .default)
            try loop.add(source, forMode: .default)
            source.signal()
            try loop.run(mode: .default, timeout: 0.5)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "Step 3 runs blocks; step 4 runs sources and, if one ran, blocks again — so a block queued by a source runs before the port message found at step 9; step 10 runs blocks once more.",
                zh: "第 3 步执行 Block；第 4 步执行事件源，如果执行了，就再执行一次 Block——所以事件源排进来的 Block 在第 9 步发现的端口消息之前执行；第 10 步再执行一次 Block。"))
        let block = actual.firstIndex { $0.contains("queued by the source") } ?? Int.max
        let message = actual.firstIndex { $0.contains("replies ← reply") } ?? -1
        #expect(
            block < message,
            Text(en: "the block queued by the source must run before the port message of the same pass", zh: "事件源排进来的 Block 必须在同一轮的端口消息之前执行").comment)
    }

    @Test("A nested run in another mode has its own entry and exit, inside the outer pass", .zh("另一个 Mode 里的嵌套运行有自己的 `entry` 和 `exit`，夹在外层的那一轮里"))
    func nestedRun() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            loop.addCommonMode(.tracking)
            try loop.add(Loop.Port(name: "keep-alive"), forMode: .common)
            try loop.add(
                try Loop.Timer(name: "begin scroll", fireDate: loop.now + 0.5) { _ in
                    _ = try? Loop.current.run(mode: .tracking, timeout: 0.5)
                }, forMode: .default)
            try loop.run(mode: .default, timeout: 1.5)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: "Your pass runs for the nested run too (same loop, another mode): each run has its own passes, between its own entry and exit.",
                zh: "嵌套运行用的也是你写的那一轮（同一个 RunLoop，另一个 Mode）：每次运行都有自己的若干轮，夹在它自己的 `entry` 和 `exit` 之间。"))
    }

    @Test("On the main loop, main-queue work that arrived meanwhile is serviced without sleeping", .zh("在主线程 RunLoop 上，期间到达的主队列任务不休眠就直接处理"))
    func mainQueueSkipsTheSleep() async throws {
        let scenario: @Sendable (Loop, MainQueue) throws -> Void = { loop, queue in
            try loop.add(
                try Loop.Timer(name: "network callback", fireDate: loop.now + 0.5) { _ in
                    queue.async(name: "update the UI") {
                        queue.async(name: "queued by the update") {}
                    }
                }, forMode: .default)
            try loop.run(mode: .default, timeout: 1)
        }
        let actual = try await Harness.attempt(lesson: 11) { try Harness.mainLoopTrace(Self.student, .all, scenario) }
        let expected = try Harness.mainLoopTrace(.reference, .all, scenario)
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "Step 6: if `pass.mainQueueShouldBeServicedWithoutSleeping()`, the wake reason is `.mainQueue` and the pass skips before waiting, the sleep and after waiting. (The primitive itself makes sure it is not two passes in a row.)",
                zh:
                    "第 6 步：如果 `pass.mainQueueShouldBeServicedWithoutSleeping()`，唤醒原因就是 `.mainQueue`，这一轮跳过 `before waiting`、休眠和 `after waiting`。（这个原语自己保证不会连续两轮这样做。）"
            ))
        let update = actual.firstIndex { $0.contains("update the UI") } ?? 0
        let sleptFirst = actual[..<update].suffix(2).contains { $0.contains("before waiting") || $0.contains("after waiting") }
        #expect(
            !sleptFirst,
            Text(en: "the main loop slept before servicing main-queue work that was already waiting", zh: "主队列的任务已经在等了，主线程的 RunLoop 却先休眠再处理").comment)
    }

    @Test("The articles' observer log of one touch", .zh("文章里点一下屏幕时观察者打印的日志"))
    func oneTouch() async throws {
        // A tap: the system's port message wakes the loop; its handler signals the event source,
        // which runs in the next pass and signals itself again while events remain.
        let (actual, expected) = try await Self.compare { loop, _ in
            let events = Log()
            let holder = SourceHolder()
            let eventQueue = Loop.Source(name: "event queue") {
                events.add("event")
                Loop.current.note(
                    events.count == 1 ? Text(en: "touchesBegan", zh: "touchesBegan") : Text(en: "event \(events.count)", zh: "第 \(events.count) 个事件"))
                if events.count < 3, let source = holder.source { source.signal() }   // more events queued: run again
            }
            holder.source = eventQueue
            let touches = Loop.Port(name: "touches") { _ in eventQueue.signal() }
            try loop.add(eventQueue, forMode: .default)
            try loop.add(touches, forMode: .default)
            try loop.add(try Loop.Timer(name: "the system sends a touch", fireDate: loop.now + 1) { _ in try? touches.send("touch") }, forMode: .default)
            try loop.run(mode: .default, timeout: 2)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: "A pass that ran a source polls: the event source's passes have no before/after waiting, until a pass finds nothing to do.",
                zh: "执行了事件源的那一轮只轮询：事件源的那几轮没有 `before waiting` / `after waiting`，直到某一轮无事可做。"))
        // The log an all-activities observer printed on iOS after one tap (seeds/000), counted
        // from the wake-up for the touch to the next sleep:
        // 1 after waiting · 2 before timers · 3 before sources · touchesBegan · 4–9 before
        // timers / before sources three more times · 10 before waiting.
        let articleLog = ["after waiting"] + Array(repeating: ["before timers", "before sources"], count: 4).flatMap { $0 } + ["before waiting"]
        Harness.expectSameLines(
            Self.activitiesFromTheTouch(Array(actual)), articleLog,
            hint: Text(
                en:
                    "A tap wakes the loop through a port; its handler signals the event source, which runs in the next pass and signals itself while events remain. Each pass that ran a source polls — no 'before waiting' until a pass finds nothing.",
                zh: "点一下屏幕，通过一个端口唤醒 RunLoop；端口的回调标记事件源，事件源在下一轮执行，只要还有事件，就再标记自己。每一轮执行了事件源的循环都只轮询——直到某一轮无事可做，才会有 `before waiting`。"),
            expectedTitle: Text(en: "the articles' observer log", zh: "文章里观察者打印的日志"))
    }

    /// The activities (without times and mode) from the wake-up by the touches port to the next sleep.
    static func activitiesFromTheTouch(_ lines: [String]) -> [String] {
        guard let woke = lines.firstIndex(where: { $0.contains("woke: port \"touches\"") }),
            let asleep = lines[woke...].firstIndex(where: { $0.hasSuffix("before waiting") })
        else { return [] }
        let activities = ["after waiting", "before timers", "before sources", "before waiting"]
        return lines[woke...asleep].compactMap { line in activities.first { line.hasSuffix("  \($0)") } }
    }

    @Test("The pass is your own: this lesson's file does not reach the engine's pass", .zh("这一轮是你自己写的：本课的文件没有调用引擎的那一轮"))
    func ownPass() throws {
        #if Solutions
        let file = "Solutions/11-observers-and-the-iteration/OnePass.swift"
        #else
        let file = "Exercises/11-observers-and-the-iteration/OnePass.swift"
        #endif
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let source = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        // The code without its comments: everything after `//` on a line.
        let code = source.split(separator: "\n").map { $0.components(separatedBy: "//").first ?? "" }.joined(separator: "\n")
        // A pass that calls the engine's own is indistinguishable at run time (same primitives,
        // same order), so the file is read: the engine's pass is reached only through
        // `ReferencePass` or a `Loop.Mechanisms` (whose `pass` is it), and the file needs neither.
        for name in ["ReferencePass", "Mechanisms", "mechanisms"] where code.contains(name) {
            Issue.record(
                Text(
                    en: "\(file) uses \(name): calling the engine's pass is not allowed — write the steps yourself with the primitives of Loop.Pass",
                    zh: "\(file) 用到了 \(name)：不允许调用引擎自己的那一轮——用 `Loop.Pass` 的原语自己写出每一步"
                ).comment)
        }
        if code.contains("unsolved(") {
            let stub = UnsolvedLedger.shared.stub(lesson: 11) ?? (function: "StudentPass.runPass(_:)", file: file)
            throw Harness.notSolved(lesson: 11, function: stub.function, file: stub.file)
        }
    }
}

/// Lets a source signal itself again from its own callout.
private final class SourceHolder: @unchecked Sendable {
    weak var source: Loop.Source?   // set once, before the source can run
}
