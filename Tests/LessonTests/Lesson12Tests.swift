import Foundation
import Testing

/// Lesson 12: the student's pool observers on a reference loop, against the engine's own, with
/// objects watched through weak references.

@Suite("Lesson 12 — Autorelease pool observers", .serialized, .tags(.lesson12, .level3, .build), .namedInChinese)
struct Lesson12Tests {
    static let student = Loop.Mechanisms.reference.with(autoreleasePools: StudentPoolObservers())
    static let reference = Loop.Mechanisms.reference.with(autoreleasePools: ReferenceAutoreleasePoolObservers())

    /// Runs `scenario` with the student's observers and with the engine's; returns the notes.
    static func compare(_ scenario: @escaping @Sendable (Loop, VirtualClock) throws -> Void) async throws -> (actual: Lines, expected: Lines) {
        let actual = try await Harness.attempt(lesson: 12) { try Harness.traceTexts(student, .notes, scenario) }
        let expected = try await Harness.attempt(lesson: 12) { try Harness.traceTexts(reference, .notes, scenario) }
        return (Lines(actual), Lines(expected))
    }

    // The notes the tests read back, in the student's language.
    static func nextTurn(alive: Bool) -> Text { Text(en: "next turn; alive: \(alive)", zh: "下一轮；还活着：\(alive)") }
    static func afterBusyPasses(alive: Int, made: Int) -> Text {
        Text(en: "after 50 busy passes, objects alive: \(alive) of \(made)", zh: "忙了 50 轮之后，\(made) 个对象里还活着 \(alive) 个")
    }
    static func afterTheSleep(alive: Int, made: Int) -> Text {
        Text(en: "after the loop slept; objects alive: \(alive) of \(made)", zh: "RunLoop 休眠过之后，\(made) 个对象里还活着 \(alive) 个")
    }
    /// `before the nested run: pools open: 2`.
    static func poolsOpen(_ when: Text, _ depth: Int) -> Text {
        Text(en: "\(when.en): pools open: \(depth)", zh: "\(when.zh)，未关闭的池：\(depth)")
    }

    @Test("What a callout autoreleases is released before the loop sleeps", .zh("回调里 `autorelease` 的对象在 RunLoop 休眠前被释放"))
    func releasedBeforeSleep() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let watch = Watch()
            // A source0's callout: on a loop with pool observers it has no pool of its own
            // (a timer's would), so what it autoreleases goes into the turn's pool.
            let source = Loop.Source(name: "makes garbage") {
                watch.autoreleaseNew()
                Loop.current.note(Text(en: "made an object; alive: \(watch.alive)", zh: "创建了一个对象；还活着：\(watch.alive)"))
            }
            try loop.add(source, forMode: .default)
            try loop.add(try Loop.Timer(name: "signals", fireDate: loop.now + 1) { _ in source.signal() }, forMode: .default)
            try loop.add(
                try Loop.Timer(name: "looks", fireDate: loop.now + 2) { _ in
                    Loop.current.note(Self.nextTurn(alive: watch.alive))
                }, forMode: .default)
            try loop.run(mode: .default, timeout: 3)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en: "Before the loop sleeps (before waiting), pop the pool — that releases what was autoreleased — and push a new one for the next turn.",
                zh: "RunLoop 休眠之前（`before waiting`），`pop` 自动释放池——这会释放所有被 `autorelease` 的对象——再为下一轮 `push` 一个新的。"))
        #expect(actual.last?.hasSuffix(Self.nextTurn(alive: false).localized) == true)
    }

    @Test("A timer's objects go with its own pool; a source's wait in yours until just before the sleep", .zh("定时器的对象随它自己的池释放；事件源的对象留在你的池里，直到休眠之前"))
    func twoLayers() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let timerWatch = Watch(), sourceWatch = Watch()
            let pools = loop.autoreleasePoolStack
            let source = Loop.Source(name: "source0") { sourceWatch.autoreleaseNew() }
            try loop.add(source, forMode: .default)
            try loop.add(
                try Loop.Timer(name: "timer", fireDate: loop.now + 1) { _ in
                    timerWatch.autoreleaseNew()
                    Loop.current.note(Text(en: "in the timer's callout: pools open: \(pools.depth)", zh: "在定时器回调里：未关闭的池：\(pools.depth)"))
                    source.signal()
                }, forMode: .default)
            // An app observer at order 0, told when the loop wakes: by then the turn before the
            // sleep must have let go of everything.
            try loop.add(
                Loop.Observer(name: "app observer", activities: [.beforeSources, .afterWaiting]) { activity in
                    guard timerWatch.madeCount > 0 else { return }
                    Loop.current.note(
                        Text(
                            en: "\(activity): the timer's object alive: \(timerWatch.alive), the source's: \(sourceWatch.alive)",
                            zh: "\(activity)：定时器的对象还活着：\(timerWatch.alive)，事件源的：\(sourceWatch.alive)"))
                }, forMode: .default)
            try loop.run(mode: .default, timeout: 2)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "A timer's callout has a pool of its own (CF's CFRUNLOOP_ARP_BEGIN(NULL)): its object is gone when it returns, whatever your observers do. A source's object waits in your pool, which must be popped before the loop sleeps — not when it wakes: an observer told after waiting must find it gone.",
                zh:
                    "定时器回调有它自己的池（Core Foundation 的 `CFRUNLOOP_ARP_BEGIN(NULL)`）：回调一返回，它的对象就没了，和你的观察者无关。事件源的对象留在你的池里，这个池必须在 RunLoop 休眠之前 `pop`——而不是醒来之后：`after waiting` 时被通知的观察者必须发现它已经释放了。"
            ))
    }

    @Test("The pool is drained when the run exits, too", .zh("运行退出时，自动释放池也会被清空"))
    func drainedAtExit() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let watch = Watch()
            let source = Loop.Source(name: "makes garbage") { watch.autoreleaseNew() }
            try loop.add(source, forMode: .default)
            source.signal()
            try loop.run(mode: .default, timeout: 0)   // one pass, no sleep: only exit can drain
            let depth = AutoreleasePoolStack.current.depth
            loop.note(
                Text(
                    en: "after the run; alive: \(watch.alive), pools open: \(depth)",
                    zh: "运行结束后；还活着：\(watch.alive)，未关闭的池：\(depth)"))
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "A run that never sleeps still ends with exit: pop there too (and don't push again). Entry pushed one pool; exit pops it: nothing stays open.",
                zh: "从不休眠的运行也会以 `exit` 结束：在那里也要 `pop`（而且不要再 `push`）。`entry` `push` 了一个池，`exit` 把它 `pop` 掉：不会留下没关上的池。"))
    }

    @Test("The pool observers come first at entry and last before sleeping, around every other observer", .zh("自动释放池的观察者在 `entry` 时最先执行，在休眠前最后执行，把其他观察者都包在中间"))
    func extremeOrders() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let watch = Watch()
            // App observers at the default order, and further out (but not at the extremes).
            try loop.add(
                Loop.Observer(name: "app observer", activities: [.entry, .beforeWaiting]) { _ in
                    watch.autoreleaseNew()   // e.g. Core Animation committing a transaction
                }, forMode: .default)
            try loop.add(
                Loop.Observer(name: "early app observer", activities: .entry, order: -1_000_000) { _ in
                    watch.autoreleaseNew()
                }, forMode: .default)
            try loop.add(
                Loop.Observer(name: "late app observer", activities: .beforeWaiting, order: 1_000_000) { _ in
                    watch.autoreleaseNew()
                }, forMode: .default)
            try loop.add(
                try Loop.Timer(name: "looks", fireDate: loop.now + 1) { _ in
                    Loop.current.note(
                        Text(
                            en: "after the first sleep; objects of the observers alive: \(watch.aliveCount) of \(watch.madeCount)",
                            zh: "第一次休眠之后，观察者创建的 \(watch.madeCount) 个对象里还活着 \(watch.aliveCount) 个"))
                }, forMode: .default)
            try loop.run(mode: .default, timeout: 2)
            let leaked = AutoreleasePoolStack.current.leakedCount
            loop.note(Text(en: "leaked (autoreleased with no pool): \(leaked)", zh: "泄漏的对象（没有池时被 `autorelease` 的）：\(leaked)"))
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "Push at UIKit's order −2147483647 (Int32.min + 1) — before every other entry observer, whatever its order, or their objects have no pool; pop at 2147483647 (Int32.max) — after every other before-waiting observer, or their objects survive the sleep.",
                zh:
                    "在 UIKit 用的 `order` −2147483647（`Int32.min + 1`）`push`——排在所有其他 `entry` 观察者之前，不管它们的 `order` 是多少，否则它们的对象没有池可放；在 2147483647（`Int32.max`）`pop`——排在所有其他 `before waiting` 观察者之后，否则它们的对象会活过这次休眠。"
            ))
    }

    @Test("Work that never lets the loop sleep keeps its garbage", .zh("不让 RunLoop 休眠的任务，它产生的临时对象会一直不释放"))
    func noSleepNoRelease() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let watch = Watch()
            let counter = Log()
            let again = Lock<Loop.Source?>(nil)   // the source, for its own perform to signal
            let busy = Loop.Source(name: "busy") {
                watch.autoreleaseNew()
                counter.add("pass")
                if counter.count == 50 { Loop.current.note(Self.afterBusyPasses(alive: watch.aliveCount, made: watch.madeCount)) }
                if counter.count < 100 { again.withLock { $0 }?.signal() }
            }
            again.withLock { $0 = busy }
            try loop.add(busy, forMode: .default)
            busy.signal()
            try loop.add(
                try Loop.Timer(name: "looks", fireDate: loop.now + 1) { _ in
                    Loop.current.note(Self.afterTheSleep(alive: watch.aliveCount, made: watch.madeCount))
                }, forMode: .default)
            try loop.run(mode: .default, timeout: 2)
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "A loop that keeps running sources polls and never sleeps, so 'before waiting' never comes and nothing is released: the objects wait until the first sleep.",
                zh: "一直在执行事件源的 RunLoop 只轮询、从不休眠，所以 `before waiting` 永远不来，什么都不会被释放：这些对象要等到第一次休眠。"))
        #expect(
            actual.contains { $0.hasSuffix(Self.afterBusyPasses(alive: 50, made: 50).localized) }
                && actual.contains { $0.hasSuffix(Self.afterTheSleep(alive: 0, made: 100).localized) },
            Text(
                en: "all 50 objects must still be alive while the loop never sleeps, and all 100 gone after its first sleep",
                zh: "RunLoop 一直不休眠时，50 个对象必须都还活着；第一次休眠之后，100 个必须全部释放"
            ).comment)
    }

    @Test("A nested run gets a pool of its own, and its exit leaves the outer run's pool open", .zh("嵌套运行有自己的自动释放池，它的 `exit` 不会关掉外层运行的池"))
    func nestedRunHasItsOwnPool() async throws {
        let (actual, expected) = try await Self.compare { loop, _ in
            let watch = Watch()
            loop.addCommonMode(.tracking)
            try loop.add(Loop.Port(name: "keep-alive"), forMode: .common)
            try loop.add(
                try Loop.Timer(name: "runs a nested run", fireDate: loop.now + 1) { _ in
                    let ui = Loop.current
                    watch.autoreleaseNew()
                    ui.note(Self.poolsOpen(Text(en: "before the nested run", zh: "嵌套运行之前"), AutoreleasePoolStack.current.depth))
                    _ = try? ui.run(mode: .tracking, timeout: 0.5)
                    ui.note(Self.poolsOpen(Text(en: "after the nested run", zh: "嵌套运行之后"), AutoreleasePoolStack.current.depth))
                    watch.autoreleaseNew()
                }, forMode: .default)
            try loop.run(mode: .default, timeout: 2)
            let leaked = AutoreleasePoolStack.current.leakedCount
            loop.note(
                Text(
                    en: "objects alive: \(watch.aliveCount) of \(watch.madeCount); leaked (no pool): \(leaked)",
                    zh: "\(watch.madeCount) 个对象里还活着 \(watch.aliveCount) 个；泄漏的（没有池）：\(leaked)"))
        }
        Harness.expectSameLines(
            actual, expected,
            hint: Text(
                en:
                    "Every run pushes its own pool at entry and pops it at exit — a nested run too. If a nested run's entry does not push, its exit pops the OUTER run's pool, and what the outer callout autoreleases next has no pool.",
                zh: "每次运行都在 `entry` `push` 自己的池，在 `exit` `pop` 掉——嵌套运行也一样。如果嵌套运行的 `entry` 不 `push`，它的 `exit` 就会 `pop` 掉【外层】运行的池，外层回调接下来 `autorelease` 的对象就没有池了。"
            ))
    }

    @Test("The observers are in the common modes", .zh("这两个观察者在 common modes 里"))
    func commonModes() async throws {
        let (inDefault, tracking, modal) = try await Harness.attempt(lesson: 12) { () -> ([String], [String], [String]) in
            let loop = Loop(clock: VirtualClock(), mechanisms: Self.student)
            loop.addCommonMode(.tracking)
            loop.addCommonMode("modal")   // marked common later, as an app may
            return (Self.observers(of: loop, in: .default), Self.observers(of: loop, in: .tracking), Self.observers(of: loop, in: "modal"))
        }
        Harness.expectSameLines(
            tracking, inDefault,
            hint: Text(
                en:
                    "The tracking mode (common on a UI loop) must get the same pool observers as the default mode, or scrolling has no pools: add them to `.common`, not to `.default`.",
                zh: "tracking Mode（在 UI RunLoop 上是 common）必须有和 default Mode 一样的自动释放池观察者，否则滑动时没有池：把它们加到 `.common`，而不是 `.default`。"),
            expectedTitle: Text(en: "expected in tracking (as in default)", zh: "期望（tracking 里和 default 一样）"))
        Harness.expectSameLines(
            modal, inDefault,
            hint: Text(
                en: "A mode marked common later must get the pool observers too: add them to `.common` (the set), not to each mode by name.",
                zh: "后来才被标记为 common 的 Mode 也必须有这两个观察者：把它们加到 `.common`（那个集合），而不是按名字逐个加到各个 Mode。"),
            expectedTitle: Text(en: "expected in \"modal\" (as in default)", zh: "期望（`\"modal\"` 里和 default 一样）"))
    }

    @Test(
        "The observers sit at UIKit's orders: −2147483647 for the push, 2147483647 for the pop",
        .zh("观察者用 UIKit 的 `order`：`push` 是 −2147483647，`pop` 是 2147483647"))
    func uikitOrders() async throws {
        let orders = try await Harness.attempt(lesson: 12) { () -> [String] in
            Self.observers(of: Loop(clock: VirtualClock(), mechanisms: Self.student), in: .default).map { line in
                // Only the role and the order: what the observers do is checked elsewhere.
                let order = line.components(separatedBy: "order ").last ?? "?"
                return line.contains("entry") ? "push observer (entry): order \(order)" : "pop observer (before waiting, exit): order \(order)"
            }
        }
        Harness.expectSameLines(
            orders, ["push observer (entry): order -2147483647", "pop observer (before waiting, exit): order 2147483647"],
            hint: Text(
                en:
                    "The order is wrong. UIKit puts the push observer (entry) at −2147483647, which is Int32.min + 1, and the pop observer (before waiting, exit) at 2147483647, Int32.max: use exactly these — not Int32.min, not Int.min / Int.max. They are the numbers a `po [NSRunLoop mainRunLoop]` dump shows, and an observer at Int32.min would still run before UIKit's push.",
                zh:
                    "`order` 不对。UIKit 把 `push` 的观察者（`entry`）放在 −2147483647，也就是 `Int32.min + 1`，把 `pop` 的观察者（`before waiting`、`exit`）放在 2147483647，也就是 `Int32.max`：就用这两个数——不是 `Int32.min`，也不是 `Int.min` / `Int.max`。`po [NSRunLoop mainRunLoop]` 打印出来的就是这两个数；`order` 为 `Int32.min` 的观察者仍会在 UIKit 的 `push` 之前执行。"
            ),
            expectedTitle: Text(en: "expected (UIKit's orders)", zh: "期望（UIKit 用的 `order`）"))
    }

    /// The observers of `mode` as "activities   order N", entry observers first.
    static func observers(of loop: Loop, in mode: Loop.Mode) -> [String] {
        loop.items(inMode: mode).compactMap { item -> Loop.Observer? in
            guard case .observer(let observer) = item else { return nil }
            return observer
        }
        .sorted { ($0.activities.contains(.entry) ? 0 : 1, $0.order) < ($1.activities.contains(.entry) ? 0 : 1, $1.order) }
        .map { "\($0.activities)".padding(toLength: max(24, "\($0.activities)".count + 1), withPad: " ", startingAt: 0) + "order \($0.order)" }
    }
}

/// Makes objects, autoreleases them on the current thread, and watches the last one.
private final class Watch: Sendable {
    private final class Garbage {}
    /// A weak reference to each object made: nil once the object is gone.
    private struct Weak: @unchecked Sendable { weak var object: AnyObject? }
    private let made = Lock<[Weak]>([])

    /// Whether the last object made is still alive.
    var alive: Bool { made.withLock { $0.last?.object != nil } }
    var aliveCount: Int { made.withLock { $0.filter { $0.object != nil }.count } }
    var madeCount: Int { made.withLock { $0.count } }

    func autoreleaseNew() {
        let garbage = Garbage()
        made.withLock { $0.append(Weak(object: garbage)) }
        AutoreleasePoolStack.current.autorelease(garbage)
    }
}
